"""Targets: what a sweep launches. ``builtin`` runs the kernels of ``kernels/`` through pycuda
(imported lazily); ``external`` runs a user's application once per configuration."""
