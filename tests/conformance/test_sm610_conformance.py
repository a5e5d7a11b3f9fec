"""The SM 6.10 Tier 1 host cases: every built-in profile passes through the public API only; broken devices fail
on the case that names what they broke; the CLI runs them with --shader-model."""

from __future__ import annotations

import io
import json

import pytest
from broken_devices import Forwarding, _UnwrappingQueue
from public_api import PublicOnly

from d3d12api import D3D_FEATURE_LEVEL_12_0, D3D_SHADER_MODEL_6_9, D3D_SHADER_MODEL_6_10, S_OK, D3D12CreateDevice
from d3d12api.sm610 import (
    D3D12_FEATURE_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT,
    D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE,
    D3D12_LINEAR_ALGEBRA_OPERATION_TYPE,
)
from dxlinalg.cli import main
from dxlinalg.conformance import run_conformance_cli, run_sm610_conformance
from dxlinalg.conformance.results import FAIL, PASS, SKIP
from dxlinalg.profile.registry import builtin_profile_names, load_profile


def _device(profile="minimal", debug=True, shader_model=D3D_SHADER_MODEL_6_10):
    return D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile, debug=debug, shader_model=shader_model)


def _status(report) -> dict[str, str]:
    return {r.name: r.status for r in report.results}


@pytest.mark.parametrize("profile, debug", [(name, True) for name in builtin_profile_names()]
                         + [("nvidia-h100", False)])
def test_every_builtin_profile_passes_through_the_public_api_only(profile, debug):
    report = run_sm610_conformance(PublicOnly(_device(profile, debug)), profile)
    assert report.passed, [(r.name, r.detail) for r in report.failed]
    names = _status(report)
    assert names["sm610/features/tier1/wave/UINT8xUINT8->SINT32"] == PASS
    assert names["sm610/conversion/type-change-refused"] == PASS
    assert any(name.startswith("sm610/conversion/SINT8/MUL_OPTIMAL") for name in names)


def test_optional_combinations_are_skipped_not_failed_on_minimal():
    names = _status(run_sm610_conformance(_device("minimal")))
    assert names["sm610/features/tier1/wave/FLOAT16xFLOAT16->FLOAT16"] == SKIP
    assert names["sm610/features/tier1/vector/FLOAT16xFLOAT8_E4M3FN->FLOAT16/bias-NONE"] == SKIP
    assert names["sm610/features/tier1/vector/FLOAT32xSINT8->SINT32/bias-SINT32"] == PASS


def _profile_without(**drop):
    data = load_profile("minimal").model_dump(mode="json")
    section = data["linalg_support"]
    for key, keep in drop.items():
        section[key] = [row for row in section[key] if keep(row)]
    return load_profile("minimal").model_validate(data)


def test_a_device_missing_a_required_wave_multiply_fails_that_case():
    profile = _profile_without(wave_multiply=lambda row: row["a_type"] != "UINT8")
    names = _status(run_sm610_conformance(_device(profile)))
    assert names["sm610/features/tier1/wave/UINT8xUINT8->SINT32"] == FAIL
    assert names["sm610/features/tier1/wave/SINT8xSINT8->SINT32"] == PASS


def test_a_device_missing_the_bias_of_a_required_vector_multiply_fails_that_case():
    data = load_profile("minimal").model_dump(mode="json")
    data["linalg_support"]["vector_multiply"][2]["bias_types"] = ["NONE"]
    names = _status(run_sm610_conformance(_device(load_profile("minimal").model_validate(data))))
    assert names["sm610/features/tier1/vector/FLOAT32xSINT8->SINT32/bias-SINT32"] == FAIL
    assert names["sm610/features/tier1/vector/FLOAT32xSINT8->SINT32/bias-NONE"] == PASS


class NoLinearAlgebraTier(Forwarding):
    def CheckFeatureSupport(self, feature, data, size):
        hr = self._inner.CheckFeatureSupport(feature, data, size)
        if feature == 77:
            data.LinearAlgebraTier = 0
        return hr


class SloppyShapeList(Forwarding):
    """Accepts a short shape list (fills what fits) instead of failing the call."""

    def CheckFeatureSupport(self, feature, data, size):
        member = getattr(data, "WaveMatrixMultiply", None)
        if feature == 78 and data.OperationType == D3D12_LINEAR_ALGEBRA_OPERATION_TYPE.WAVE_MATRIX_MULTIPLY \
                and isinstance(member.Shapes, list):
            target, asked = member.Shapes, member.NumShapes
            member.Shapes, member.NumShapes = None, 0
            self._inner.CheckFeatureSupport(feature, data, size)
            available = member.NumShapes
            member.Shapes = [D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE() for _ in range(available)]
            self._inner.CheckFeatureSupport(feature, data, size)
            target[: min(asked, available)] = member.Shapes[: min(asked, available)]
            member.Shapes, member.NumShapes = target, min(asked, available)
            return S_OK
        return self._inner.CheckFeatureSupport(feature, data, size)


class BadFlags(Forwarding):
    """Answers TRANSPOSE on wave multiplies (RT: thread vector x matrix only)."""

    def CheckFeatureSupport(self, feature, data, size):
        hr = self._inner.CheckFeatureSupport(feature, data, size)
        if feature == D3D12_FEATURE_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT and \
                data.OperationType == D3D12_LINEAR_ALGEBRA_OPERATION_TYPE.WAVE_MATRIX_MULTIPLY and \
                data.WaveMatrixMultiply.SupportFlags:
            data.WaveMatrixMultiply.SupportFlags |= 8
        return hr


class TypeChangingConversions(Forwarding):
    """Lets a conversion change the type (records it as a same-type conversion)."""

    def CreateCommandList(self, *args):
        return TypeChangingList(self._inner.CreateCommandList(*args))

    def CreateCommandQueue(self, desc):
        return _UnwrappingQueue(self._inner.CreateCommandQueue(desc))   # hands the real lists to the queue


class TypeChangingList(Forwarding):
    def ConvertLinearAlgebraMatrix(self, infos, count):
        info = infos if not isinstance(infos, list) else infos[0]
        info = info.model_copy(deep=True)
        info.SrcInfo.SrcDataType = info.DestInfo.DestDataType
        self._inner.ConvertLinearAlgebraMatrix(info, count)


@pytest.mark.parametrize("device_class, case", [
    (NoLinearAlgebraTier, "sm610/features/tier"), (SloppyShapeList, "sm610/features/query-protocol"),
    (BadFlags, "sm610/features/answers-valid"),
    (TypeChangingConversions, "sm610/conversion/type-change-refused")])
def test_a_broken_device_fails_the_case_that_names_what_it_broke(device_class, case):
    report = run_sm610_conformance(device_class(_device("reference")))
    assert _status(report)[case] == FAIL
    assert sum(r.status == FAIL for r in report.results) <= 3, [r.name for r in report.failed]


def test_a_6_9_device_fails_cleanly_without_a_crash():
    report = run_sm610_conformance(_device("reference", shader_model=D3D_SHADER_MODEL_6_9))
    assert _status(report)["sm610/features/tier"] == FAIL
    assert not report.passed and all(r.status in (PASS, FAIL, SKIP) for r in report.results)


def test_the_round_trip_compares_bytes_and_catches_a_changed_one(monkeypatch):
    import dxlinalg.conformance.sm610 as suite
    real = suite.Session.read

    def corrupt(session, readback, size):
        data = real(session, readback, size)
        data[5] ^= 0x10
        return data

    monkeypatch.setattr(suite.Session, "read", corrupt)
    report = run_sm610_conformance(_device("minimal"))
    failed = [r for r in report.failed if r.name.startswith("sm610/conversion/SINT8")]
    assert failed and "1 bytes changed; first at row 0, byte 5" in failed[0].detail


def test_the_cli_runs_the_6_10_cases_with_shader_model(tmp_path, capsys):
    out, err = io.StringIO(), io.StringIO()
    code = run_conformance_cli(["minimal"], str(tmp_path / "r.json"), False, quick=True, out=out, err=err,
                               shader_models=("6.9", "6.10"))
    assert code == 0
    text = out.getvalue()
    assert "PASS    features/tier" in text and "PASS    sm610/features/tier" in text
    rows = json.loads((tmp_path / "r.json").read_text())
    assert "sm610/conversion/type-change-refused" in json.dumps(rows)
    assert main(["conformance", "--profile", "adversarial", "--shader-model", "6.10"]) == 0
    printed = capsys.readouterr().out
    assert "sm610/features/tier1/wave/SINT8xSINT8->SINT32" in printed and "PASS    features/tier " not in printed


def test_the_cli_rejects_an_unknown_shader_model():
    err = io.StringIO()
    assert run_conformance_cli(["minimal"], None, False, out=io.StringIO(), err=err, shader_models=("7.0",)) == 2
    assert "choose from" in err.getvalue()
    with pytest.raises(SystemExit):
        main(["conformance", "--shader-model", "6.11"])
