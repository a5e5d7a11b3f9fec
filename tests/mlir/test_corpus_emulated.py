"""The corpus kernels through `dxlinalg.mlir.run` and `dxlinalg mlir` on every built-in profile.

On the `exact` inputs every product and partial sum is exact, so every profile, whatever its mma or summation model,
must give `exact_product` bit for bit: this checks the executor's control flow, memory, barriers, async copies,
ldmatrix and mma fragment handling on every profile without depending on any rounding model. (The rounding on the
`random` inputs is checked against the GPU in tests/hardware_replay/test_nvidia_h100_mlir.py.) The large f16 matmuls
(256^3, 512^3) are left to the replay and the benchmark, to keep this file fast.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from dxlinalg import builtin_profile_names, mlir
from tests.data.mlir import models

KERNELS = models.ROOT / "dxlinalg" / "samples" / "mlir"
ENTRIES = {entry["name"]: entry for entry in models.kernels()}
LARGE = {"matmul_f16_256", "matmul_f16_512"}
EXACT = [n for n, e in ENTRIES.items()
         if n not in LARGE and e["model"] != "elementwise_math" and "exact" in models.input_sets(e)]


def run_kernel(name: str, profile: str, form: str = "kernel") -> np.ndarray:
    entry = ENTRIES[name]
    out = models.output_binding(entry)
    buffers: dict[int, np.ndarray] = dict(models.load_inputs(entry, "exact"))
    buffers[out["binding"]] = np.zeros(out["shape"], models.NUMPY_TYPES[out["element_type"]])
    block_size = None if entry["form"] == "iree-dispatch" else tuple(entry["block_size"])
    result = mlir.run((KERNELS / entry[form]).read_text(), entry["entry"], workgroups=tuple(entry["workgroup_count"]),
                      buffers=buffers, block_size=block_size, profile=profile, strict=True)
    return np.asarray(result[out["binding"]]).reshape(out["shape"])


@pytest.mark.parametrize("profile", builtin_profile_names())
@pytest.mark.parametrize("name", EXACT)
def test_exact_inputs_give_the_exact_product_on_every_profile(name: str, profile: str) -> None:
    entry = ENTRIES[name]
    expected = models.exact_product(entry, models.load_inputs(entry, "exact"))
    assert run_kernel(name, profile).tobytes() == expected.tobytes()


@pytest.mark.parametrize("name", EXACT)
def test_generic_form_gives_the_same_bytes(name: str) -> None:
    assert run_kernel(name, "reference", "generic").tobytes() == run_kernel(name, "reference").tobytes()


def test_the_cli_runs_a_corpus_kernel(tmp_path: Path) -> None:
    from dxlinalg.cli import main

    entry = ENTRIES["ldmatrix_async_matmul_f16_64"]
    out = models.output_binding(entry)
    arguments = [str(KERNELS / entry["kernel"]), "--entry", entry["entry"], "--profile", "nvidia-h100",
                 "--workgroups", *(str(v) for v in entry["workgroup_count"]), "--out", str(tmp_path / "out")]
    for binding in models.input_bindings(entry):
        arguments += ["--buffer", f"{binding['binding']}={models.input_path(entry['name'], 'exact', binding['binding'])}"]
    np.save(tmp_path / "c.npy", np.zeros(out["shape"], np.float32))
    arguments += ["--buffer", f"{out['binding']}={tmp_path / 'c.npy'}"]
    assert main(["mlir", *arguments]) == 0
    # the CLI writes every buffer as DIR/buffer{binding}.npy (docs/mlir.md)
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    bindings = sorted([b["binding"] for b in models.input_bindings(entry)] + [out["binding"]])
    assert written == [f"buffer{b}.npy" for b in bindings], written
    got = np.load(tmp_path / "out" / f"buffer{out['binding']}.npy").reshape(out["shape"])
    assert got.tobytes() == models.exact_product(entry, models.load_inputs(entry, "exact")).tobytes()
