"""shared-bank-conflicts on real ncu output: two transposes recorded on the H200
(tools/bank_conflict_probe.cu, fixtures/hopper/ncu/bank_conflicts_raw.csv), one through an
unpadded [32][32] shared tile and one through the padded [32][33] tile."""

import json
import subprocess
import sys
from pathlib import Path

from gpuadvisor.importer import import_files

RAW = Path(__file__).resolve().parents[1] / "fixtures" / "hopper" / "ncu" / "bank_conflicts_raw.csv"


def test_template_instantiations_stay_two_kernels():
    rows = import_files([RAW]).set_index("kernel")
    assert sorted(rows.index) == ["transpose_tile<0>", "transpose_tile<1>"]
    assert rows.loc["transpose_tile<0>", "shared_efficiency"] == 6.06
    assert rows.loc["transpose_tile<0>", "shared_bank_conflicts"] == 16_458_347
    assert rows.loc["transpose_tile<1>", "shared_efficiency"] == 100.0


def test_rule_fires_on_the_unpadded_tile_only(tmp_path):
    table = tmp_path / "bank.csv"
    subprocess.run([sys.executable, "-m", "gpuadvisor", "import", str(RAW), "-o", str(table)],
                   check=True, capture_output=True)
    result = subprocess.run([sys.executable, "-m", "gpuadvisor", "analyze", str(table), "--json",
                             "--top", "1"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    fired = {f["kernel"] for f in data["findings"] if f["rule_id"] == "shared-bank-conflicts"}
    assert fired == {"transpose_tile<0>"}
