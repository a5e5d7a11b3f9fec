"""The samples as a user runs them: inference per variant and profile, training, fallbacks."""

import json
import warnings

import numpy as np
import pytest

import d3d12api.device
from d3d12api import D3D12DebugLayerWarning, Rule
from dxlinalg.profile.registry import builtin_profile_names, load_profile
from dxlinalg.samples import mlp_inference, mlp_training, seed_usage_examples
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_model import random_weights

# Max error against the float64 network, per weight type (FP16 weights and activations; FP8
# weights; int8 weights and activations with per-layer scales).
LIMITS = {"fp16": 2e-3, "e4m3": 0.15, "e5m2": 0.3, "int8": 0.06}


@pytest.mark.parametrize("profile", builtin_profile_names())
def test_inference_variants_match_float64_within_their_precision(profile):
    gpu = GpuContext(profile)
    weights = random_weights()
    for variant in mlp_inference.VARIANTS:
        result = mlp_inference.run_variant(gpu, variant, weights, 24, 16)
        assert result.image.shape == (16, 24, 3)
        assert result.max_error < LIMITS[variant], (variant, result.max_error)
        assert result.note == ""


def test_fp8_weights_are_less_precise_than_fp16():
    gpu = GpuContext("reference")
    weights = random_weights()
    errors = {v: mlp_inference.run_variant(gpu, v, weights, 16, 16).mean_error for v in ("fp16", "e4m3", "e5m2")}
    assert errors["fp16"] < errors["e4m3"] < errors["e5m2"]


def test_missing_fp8_combination_falls_back_to_fp16(tmp_path):
    data = json.loads(load_profile("reference").model_dump_json())
    data["name"] = "no-fp8"
    data["mul_properties"] = [p for p in data["mul_properties"] if p["matrix_interpretation"] not in ("E4M3", "E5M2")]
    path = tmp_path / "no-fp8.json"
    path.write_text(json.dumps(data))
    gpu = GpuContext(str(path))
    result = mlp_inference.run_variant(gpu, "e4m3", random_weights(), 16, 16)
    assert "fell back to FP16" in result.note
    assert result.weight_type == "FLOAT16"
    assert result.max_error < LIMITS["fp16"]


def test_inference_cli_writes_one_png_per_variant(tmp_path, capsys):
    assert mlp_inference.main(["--size", "16", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"inference_{v}.png" for v in sorted(mlp_inference.VARIANTS)]
    assert "max error" in capsys.readouterr().out


def test_training_loss_falls_and_the_learned_image_approaches_the_target(tmp_path):
    result = mlp_training.train("reference", steps=40, batch=512, size=16, log_every=10, out=tmp_path,
                                verbose=False)
    first, last = result.losses[0][1], result.losses[-1][1]
    assert last < first / 4, result.losses
    untrained = np.mean((result.target - 0.5) ** 2)
    assert result.image_error < untrained / 4
    assert (tmp_path / "training_target_vs_learned.png").stat().st_size > 0


def test_training_is_reproducible_and_the_adversarial_atomic_order_changes_only_rounding():
    runs = [mlp_training.train(p, steps=12, batch=256, size=8, log_every=4, verbose=False)
            for p in ("reference", "reference", "adversarial")]
    assert runs[0].losses == runs[1].losses
    assert np.array_equal(runs[0].learned, runs[1].learned)
    assert np.allclose(runs[0].learned, runs[2].learned, atol=0.02)


def test_training_exits_cleanly_without_tier_1_1(capsys):
    result = mlp_training.train("minimal", steps=5, batch=64, size=8)
    assert "TIER_1_1" in result.skipped and result.losses == []
    assert "training skipped" in capsys.readouterr().out
    assert mlp_training.main(["--profile", "minimal", "--steps", "2"]) == 0


def test_training_exits_cleanly_without_transpose(tmp_path):
    data = json.loads(load_profile("reference").model_dump_json())
    for prop in data["mul_properties"]:
        prop["transpose_supported"] = False
    path = tmp_path / "no-transpose.json"
    path.write_text(json.dumps(data))
    result = mlp_training.train(str(path), steps=5, batch=64, size=8, verbose=False)
    assert "TransposeSupported" in result.skipped


@pytest.fixture
def debug_layers(monkeypatch):
    """Every debug layer the code under test creates (one per device)."""
    created = []

    class Recorded(d3d12api.device.DebugLayer):
        def __init__(self, enabled: bool) -> None:
            super().__init__(enabled)
            created.append(self)

    monkeypatch.setattr(d3d12api.device, "DebugLayer", Recorded)
    return created


# The seed example runs the seed's two faulty lines on purpose and prints what the layer says about them.
SEED_LITERAL_RULES = {Rule.DESC_COUNT, Rule.OVERLAP, Rule.DEST_VA_ALIGNMENT}
SAMPLE_RUNS = {
    "inference": (mlp_inference.main, ["--size", "16", "--out", "{tmp}"], set()),
    "training": (mlp_training.main, ["--steps", "3", "--batch", "64", "--size", "8", "--out", "{tmp}"], set()),
    "seed-examples": (seed_usage_examples.main, list(builtin_profile_names()), SEED_LITERAL_RULES),
}


@pytest.mark.parametrize("name", SAMPLE_RUNS)
def test_the_samples_run_clean_with_the_debug_layer_on(name, debug_layers, tmp_path, capsys):
    main, argv, deliberate = SAMPLE_RUNS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("error", D3D12DebugLayerWarning)  # a warning the sample does not expect fails
        assert main([arg.replace("{tmp}", str(tmp_path)) for arg in argv]) == 0
    assert debug_layers and all(layer.enabled for layer in debug_layers)
    reported = [m for layer in debug_layers for m in layer.messages if m.startswith(("ERROR", "WARNING"))]
    unexpected = [m for m in reported if m.split("[", 1)[1].split("]")[0] not in deliberate]
    assert unexpected == []
    assert bool(reported) == bool(deliberate)
