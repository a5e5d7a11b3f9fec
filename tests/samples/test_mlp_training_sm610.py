"""The SM 6.10 training sample: every real parameter follows the SM 6.9 sample's bit for bit; the padding stays 0."""

from __future__ import annotations

import numpy as np
import pytest

from d3d12api import D3D12DebugLayerError
from d3d12api.sm610 import D3D_SHADER_MODEL_6_10, LINALG_PIPELINE_RULE
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.profile.matrix_storage import MatrixDescription, decode_matrix
from dxlinalg.samples import mlp_training, mlp_training_sm610
from dxlinalg.samples.host_helpers import GpuContext


def parameters(trainer: mlp_training.Trainer) -> list[tuple[np.ndarray, np.ndarray]]:
    """Each layer's (weights, bias) as FP16 values, read from the OUTER_PRODUCT_OPTIMAL parameter buffer."""
    data = trainer.gpu.read_back(trainer.params, trainer.layout.size)
    layers = []
    for (m, k), matrix_offset, bias_offset in zip(trainer.layout.shapes, trainer.layout.matrix_offsets,
                                                  trainer.layout.bias_offsets):
        weights = decode_matrix(data[matrix_offset:], MatrixDescription(m, k, T.F16, L.OuterProductOptimal),
                                trainer.gpu.device.profile)
        layers.append((weights, data[bias_offset: bias_offset + 2 * m].view(np.float16)))
    return layers


@pytest.mark.parametrize("profile", ["reference", "nvidia-h100"])
def test_sm610_training_follows_sm69_bit_for_bit(profile):
    weights = mlp_training.training_network()
    sm69 = mlp_training.Trainer(GpuContext(profile), weights, 96)
    sm610 = mlp_training_sm610.Trainer(GpuContext(profile, shader_model=D3D_SHADER_MODEL_6_10), weights, 96)
    for step in range(2):
        sm69.step(step, 1e-2)
        sm610.step(step, 1e-2)
    assert sm610.batch_loss() == sm69.batch_loss()
    for (w9, b9), (w10, b10) in zip(parameters(sm69), parameters(sm610)):
        rows = w9.shape[0]
        assert np.array_equal(w10[:rows].view(np.uint16), w9.view(np.uint16))
        assert np.array_equal(b10[:rows].view(np.uint16), b9.view(np.uint16))
        assert not w10[rows:].any() and not b10[rows:].any()           # the padding row stays zero


@pytest.mark.parametrize("profile", ["minimal", "adversarial"])
def test_a_device_without_fp16_outer_products_skips_training_and_refuses_its_pipeline(profile):
    """minimal (Tier 1 only) and adversarial (outer products FP16 -> FP32 only): the sample's feature-78 check and
    the pipeline's runtime validation agree."""
    gpu = GpuContext(profile, shader_model=D3D_SHADER_MODEL_6_10)
    assert "outer products are not supported" in mlp_training_sm610.missing_support(gpu.device) or \
        "TRANSPOSE" in mlp_training_sm610.missing_support(gpu.device)
    with pytest.raises(D3D12DebugLayerError) as refused:
        mlp_training_sm610.Trainer(gpu, mlp_training.training_network(), 64)
    assert refused.value.rule == LINALG_PIPELINE_RULE
    assert mlp_training_sm610.train(profile, steps=1, verbose=False) == (None, [])


def test_the_unpadded_port_is_rejected_by_the_k_rule():
    """Why the sample pads: the 3-output layer's transposed matrix would be K = 3 (0035: K >= 4)."""
    from dxlinalg.dxil.linalg_matrix.rules import LinAlgValidationError
    from dxlinalg.hlsl import sm610 as linalg
    with pytest.raises(LinAlgValidationError, match="K=3 must be >= 4"):
        linalg.Matrix[linalg.ComponentType.F16, 32, 3, linalg.MatrixUse.A, linalg.MatrixScope.Thread]


def test_main_trains_and_reports(capsys):
    assert mlp_training_sm610.main(["--steps", "2", "--batch", "64"]) == 0
    assert "loss" in capsys.readouterr().out
