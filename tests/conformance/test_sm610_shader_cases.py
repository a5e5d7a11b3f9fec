"""The SM 6.10 Tier 1 shader cases: every built-in profile passes the required ones through the public API only,
optional ones are skipped with the query answer that gates them, and broken devices fail the cases they break."""

from __future__ import annotations

import numpy as np
import pytest
from broken_devices import POISON_HALF_BITS, Forwarding, PerturbedDispatchDevice
from public_api import PublicOnly

from d3d12api import D3D_FEATURE_LEVEL_12_0, D3D_SHADER_MODEL_6_10, D3D12CreateDevice
from dxlinalg.conformance.results import FAIL, PASS, SKIP
from dxlinalg.conformance.sm610 import Queries
from dxlinalg.conformance.sm610_shader_cases import shader_cases
from dxlinalg.profile.registry import builtin_profile_names, load_profile

REQUIRED = ["sm610/shader/accumulator-layout", "sm610/shader/wave/UINT8xUINT8->SINT32/multiply",
            "sm610/shader/wave/SINT8xSINT8->SINT32/multiply-accumulate", "sm610/shader/wave/SINT8/load-store",
            "sm610/shader/wave/SINT32/splat-store", "sm610/shader/wave/SINT8-to-SINT32/copy-convert",
            "sm610/shader/wave/UINT8-to-UINT8/copy-convert-transpose",
            "sm610/shader/thread/FLOAT32xSINT8->SINT32/multiply-add",
            "sm610/shader/thread/UINT8xUINT8->SINT32/multiply", "sm610/shader/thread/FLOAT16xFLOAT16->FLOAT16/multiply-add"]


def _device(profile="minimal"):
    return D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile, shader_model=D3D_SHADER_MODEL_6_10)


def _results(device) -> dict[str, object]:
    return {r.name: r for r in shader_cases(device, Queries(device))}


@pytest.mark.parametrize("profile", builtin_profile_names())
def test_every_profile_passes_the_required_shader_cases(profile):
    results = _results(PublicOnly(_device(profile)))
    assert all(r.status != FAIL for r in results.values()), [(n, r.detail) for n, r in results.items()
                                                              if r.status == FAIL]
    assert all(results[name].status == PASS for name in REQUIRED)
    assert all(r.tolerance == "optional" for r in results.values() if r.status == SKIP)


def test_minimal_skips_each_optional_case_with_the_answer_that_gates_it():
    results = _results(_device("minimal"))
    assert results["sm610/shader/wave/FLOAT16xFLOAT16->FLOAT16/multiply"].status == SKIP
    assert "WAVE_MATRIX_MULTIPLY FLOAT16xFLOAT16->FLOAT16 not reported" in \
        results["sm610/shader/wave/FLOAT16xFLOAT16->FLOAT16/multiply"].detail
    assert results["sm610/shader/thread/FLOAT16->FLOAT32/outer-product"].status == SKIP
    assert results["sm610/shader/thread/FLOAT32/vector-accumulate"].status == SKIP
    reference = _results(_device("reference"))
    assert reference["sm610/shader/thread/FLOAT16->FLOAT32/outer-product"].status == PASS
    assert reference["sm610/shader/thread/FLOAT16xFLOAT8_E5M2->FLOAT16/multiply"].status == PASS


def test_the_adversarial_profile_multiplies_at_its_own_native_shape():
    detail = _results(_device("adversarial"))["sm610/shader/wave/UINT8xUINT8->SINT32/multiply"].detail
    assert detail.startswith(("32x16x8", "8x32x32"))


class PerturbedDispatch610(PerturbedDispatchDevice):
    """broken_devices' perturbed Dispatch (the root UAV's first two bytes overwritten) on a 6.10 device."""

    def __init__(self, profile: str) -> None:
        Forwarding.__init__(self, _device(profile))
        self.resources = []
        self.poison = self.upload_bytes(np.uint16(POISON_HALF_BITS).tobytes())


def test_a_device_whose_dispatch_writes_a_wrong_value_fails_the_shader_cases():
    results = _results(PerturbedDispatch610("reference"))
    for name in ("sm610/shader/accumulator-layout", "sm610/shader/wave/SINT8xSINT8->SINT32/multiply",
                 "sm610/shader/thread/FLOAT16xFLOAT16->FLOAT16/multiply", "sm610/shader/wave/SINT32/splat-store"):
        assert results[name].status == FAIL, name
    assert "first at 0" in results["sm610/shader/wave/SINT8xSINT8->SINT32/multiply"].detail
    assert results["sm610/shader/thread/FLOAT32/vector-accumulate"].status == PASS    # it writes past byte 64


def test_a_required_multiply_the_device_refuses_at_pipeline_creation_fails_naming_the_refusal():
    data = load_profile("minimal").model_dump(mode="json")
    for entry in data["linalg_support"]["matrix_construction"]:
        entry["min_m"] = 32                               # the 16x16x16 native shape's A is now too small
    results = _results(_device(load_profile("minimal").model_validate(data)))
    failed = results["sm610/shader/wave/UINT8xUINT8->SINT32/multiply"]
    assert failed.status == FAIL and "which the device does not report" in failed.detail
    assert results["sm610/shader/wave/SINT8/load-store"].status == PASS     # built at 32 x 32, the minimum
