"""dxlinalg.mlir on the nvidia-h100 profile against what an H200 computed for the IREE kernels of dxlinalg/samples/mlir/.

Each kernel of dxlinalg/samples/mlir/manifest.json ran on the GPU (hardware/devrun/mlir-kernels/run.sh, the vmfb compiled from the
same source with the same options, so the GPU ran the PTX of the dumped kernel) on the inputs of tests/data/mlir/inputs/;
the outputs are in tests/data/mlir/gpu/ (the upstream-form kernels, gpu.module and func.func with memref arguments,
use those of the IREE kernel named by their `same_as`). Here the dumped nvgpu-level kernel runs through `dxlinalg.mlir.run`, in its
custom form and in its generic form, and must give the GPU's bytes; the one residual is elementwise_math_f32's
`math.sqrt`, which IREE lowers to `sqrt.approx.f32` (there the emulator must obey the GPU's rule: exact float32
around a sqrt within 1 ulp).
"""

from __future__ import annotations

import json
from functools import cache

import numpy as np
import pytest

from dxlinalg import mlir
from tests.data.mlir import models

KERNELS = models.ROOT / "dxlinalg" / "samples" / "mlir"
ENTRIES = {entry["name"]: entry for entry in models.kernels()}
CASES = [(name, input_set) for name, entry in ENTRIES.items() for input_set in models.input_sets(entry)
         if models.gpu_output_path(models.data_name(entry), input_set, models.output_binding(entry)["binding"]).exists()]
FORMS = ("kernel", "generic")


@cache
def emulate(name: str, input_set: str, form: str) -> np.ndarray:
    entry = ENTRIES[name]
    out = models.output_binding(entry)
    buffers: dict[int, np.ndarray] = dict(models.load_inputs(entry, input_set))
    buffers[out["binding"]] = np.zeros(out["shape"], models.NUMPY_TYPES[out["element_type"]])
    # IREE dispatches: buffers keyed by binding, block size from gpu.known_block_size; upstream forms (gpu.func,
    # func.func with memref arguments): buffers keyed by argument position, the block size given
    block_size = None if entry["form"] == "iree-dispatch" else tuple(entry["block_size"])
    result = mlir.run((KERNELS / entry[form]).read_text(), entry["entry"], workgroups=tuple(entry["workgroup_count"]),
                      buffers=buffers, block_size=block_size, profile="nvidia-h100", strict=True)
    return np.asarray(result[out["binding"]]).reshape(out["shape"])


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("name,input_set", CASES)
def test_emulator_gives_the_gpu_bytes(name: str, input_set: str, form: str) -> None:
    entry = ENTRIES[name]
    out = models.output_binding(entry)
    gpu = np.load(models.gpu_output_path(models.data_name(entry), input_set, out["binding"]))
    got = emulate(name, input_set, form)
    assert got.dtype == gpu.dtype
    rule = json.loads((models.GPU / "rules.json").read_text())["rules"][models.data_name(entry)][input_set]
    if "sqrt_ulp" in rule:
        # The residual: IREE lowers math.sqrt to PTX sqrt.approx.f32, whose bits are the H200's (within 1 ulp of the
        # correctly rounded sqrt, measured); everything around it must be exact, as on the GPU.
        assert models.unexplained_by_approximate_sqrt(entry, models.load_inputs(entry, input_set), got,
                                                      rule["sqrt_ulp"]) == 0
        return
    differ = int(np.count_nonzero(got.view(np.uint32) != gpu.view(np.uint32)))
    assert differ == 0, f"{name}/{input_set} ({form} form): {differ} of {gpu.size} elements differ from the GPU"

