"""Tuning rules as data: the safe expression language, the YAML loader and the evaluator."""

from gpuadvisor.rules.engine import (
    Rule,
    RuleFileError,
    RuleResult,
    evaluate,
    load_rules,
    validate_rule_file,
)

__all__ = ["Rule", "RuleFileError", "RuleResult", "evaluate", "load_rules", "validate_rule_file"]
