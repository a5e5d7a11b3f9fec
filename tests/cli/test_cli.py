"""The console script as users run it: exit codes, one-line errors, what it prints and writes."""

import json
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

from dxlinalg import __version__
from dxlinalg.cli import main


def run(capsys, *args):
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_console_script_entry_point_runs_as_a_module():
    result = subprocess.run([sys.executable, "-m", "dxlinalg.cli", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and __version__ in result.stdout


def test_demo_runs_inference_and_training_and_writes_images(capsys, tmp_path):
    code, out, _ = run(capsys, "demo", "--out", str(tmp_path))
    assert code == 0
    assert "1. inference" in out and "2. training" in out
    assert "SPIR-V: dxlinalg/samples/spirv/mlp_inference_fp16.spv (glslang) through dxlinalg.spirv.run" in out
    assert "the same bits as the Python shader's image" in out
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "training_target_vs_learned.png" in names and "inference_fp16.png" in names


@pytest.mark.parametrize("profile", ["reference", "nvidia-h100", "minimal", "adversarial"])
def test_features_json_lists_what_check_feature_support_reports(capsys, profile):
    code, out, _ = run(capsys, "features", "--profile", profile, "--json")
    data = json.loads(out)
    assert code == 0 and data["profile"] == profile
    mul = data["MatrixVectorMulAddProperties"]
    assert {"InputType": "FLOAT16", "InputInterpretation": "FLOAT16", "MatrixInterpretation": "FLOAT16",
            "BiasInterpretation": "FLOAT16", "OutputType": "FLOAT16"}.items() <= mul[0].items()
    if profile == "minimal":
        assert data["CooperativeVectorTier"] == "TIER_1_0" and data["OuterProductAccumulateProperties"] == []


def test_features_table(capsys):
    code, out, _ = run(capsys, "features", "--profile", "nvidia-h100")
    assert code == 0
    assert "CooperativeVectorTier = TIER_1_1" in out and "TransposeSupported" in out


@pytest.fixture
def weights(tmp_path):
    matrix = np.random.default_rng(3).normal(0, 4, (20, 12)).astype(np.float32)
    matrix[0, 0], matrix[0, 1], matrix[0, 2] = 1000.0, 1e-4, 0.0
    path = tmp_path / "w.npy"
    np.save(path, matrix)
    return path, matrix


def test_convert_to_e4m3_reports_size_errors_and_saturation(capsys, weights, tmp_path):
    path, matrix = weights
    out_file = tmp_path / "w.bin"
    code, out, _ = run(capsys, "convert", str(path), "--from-type", "float32", "--to-type", "E4M3",
                       "--to-layout", "mul_optimal", "--out", str(out_file))
    assert code == 0
    assert "DestSize " in out and "saturated 1" in out  # 1000 saturates to 448 on the reference profile
    assert out_file.stat().st_size % 16 == 0
    # and back: the raw optimal bytes convert to a row-major .npy equal to the E4M3 rounding
    back = tmp_path / "back.npy"
    code, out, _ = run(capsys, "convert", str(out_file), "--rows", "20", "--cols", "12", "--from-type", "e4m3",
                       "--from-layout", "MUL_OPTIMAL", "--to-type", "float32", "--to-layout", "row_major",
                       "--out", str(back))
    assert code == 0
    expected = np.clip(matrix, -448, 448).astype(ml_dtypes.float8_e4m3fn).astype(np.float32)
    assert np.array_equal(np.load(back), expected)


def test_convert_nvidia_profile_turns_overflow_into_nan(capsys, weights):
    code, out, _ = run(capsys, "convert", str(weights[0]), "--from-type", "FLOAT32", "--to-type", "e4m3",
                       "--to-layout", "OUTER_PRODUCT_OPTIMAL", "--profile", "nvidia-h100")
    assert code == 0 and "overflowed to NaN/Inf 1" in out and "saturated 0" in out
    assert "NaN 1 (0 NaN in the input)" in out


def test_same_type_conversion_round_trips_bit_exactly(capsys, tmp_path):
    path = tmp_path / "i8.npy"
    np.save(path, np.arange(-60, 60, dtype=np.int8).reshape(10, 12))
    code, out, _ = run(capsys, "convert", str(path), "--from-type", "sint8", "--to-type", "sint8",
                       "--to-layout", "column_major", "--dest-stride", "32", "--profile", "adversarial")
    assert code == 0 and "bit-exact" in out and "DestStride 32" in out


@pytest.mark.parametrize("args,message", [
    (["--from-type", "float32", "--to-type", "float7", "--to-layout", "row_major"], "'float7' is not a D3D12"),
    (["--from-type", "float32", "--to-type", "float16", "--to-layout", "diagonal"], "'diagonal' is not a matrix layout"),
    (["--from-type", "float32", "--to-type", "e4m3", "--to-layout", "row_major"], "FP8 destinations need"),
    (["--from-type", "float32", "--to-type", "sint8", "--to-layout", "mul_optimal"], "SINT8"),
    (["--from-type", "float16", "--to-type", "float16", "--to-layout", "row_major"], "float32 values"),
])
def test_bad_conversions_get_a_one_line_error_and_exit_2(capsys, weights, args, message):
    code, out, err = run(capsys, "convert", str(weights[0]), *args)
    assert code == 2
    assert err.count("\n") == 1 and message in err


def test_raw_input_of_the_wrong_size_is_rejected(capsys, tmp_path):
    raw = tmp_path / "short.bin"
    np.zeros(100, np.uint8).tofile(raw)
    code, _, err = run(capsys, "convert", str(raw), "--rows", "16", "--cols", "16", "--from-type", "float16",
                       "--to-type", "float16", "--to-layout", "mul_optimal")
    assert code == 2 and "short.bin: has 100 bytes, but a 16 x 16 FLOAT16 ROW_MAJOR, stride 32 matrix takes 512" in err


def test_raw_input_needs_its_shape(capsys, tmp_path):
    raw = tmp_path / "w.bin"
    np.zeros(64, np.uint8).tofile(raw)
    code, _, err = run(capsys, "convert", str(raw), "--from-type", "float16", "--to-type", "float16",
                       "--to-layout", "mul_optimal")
    assert code == 2 and "needs --rows and --cols" in err


def test_missing_input_file(capsys, tmp_path):
    code, _, err = run(capsys, "convert", str(tmp_path / "nope.npy"), "--from-type", "float32",
                       "--to-type", "float16", "--to-layout", "row_major")
    assert code == 2 and "does not exist" in err


def test_pickled_npy_files_are_refused(capsys, tmp_path):
    path = tmp_path / "objects.npy"
    np.save(path, np.array([[object()]], dtype=object), allow_pickle=True)
    code, _, err = run(capsys, "convert", str(path), "--from-type", "float32", "--to-type", "float16",
                       "--to-layout", "row_major")
    assert code == 2 and "pickle" in err.lower()


def test_conformance_quick_passes_and_writes_json(capsys, tmp_path):
    report = tmp_path / "report.json"
    code, out, _ = run(capsys, "conformance", "--profile", "nvidia-h100", "--quick", "--json", str(report))
    assert code == 0 and "nvidia-h100: PASSED" in out
    assert json.loads(report.read_text())


def test_conformance_unknown_profile_is_a_one_line_error(capsys):
    code, _, err = run(capsys, "conformance", "--profile", "rtx-9090", "--quick")
    assert code == 2 and err.count("\n") == 1 and "rtx-9090" in err


def test_an_internal_value_error_is_not_turned_into_a_one_line_user_error(monkeypatch):
    """One-line errors are for what the user got wrong (DxLinalgError, D3D12Error, OSError); a bare
    ValueError from inside a command is a bug and must surface with its traceback."""
    from dxlinalg import cli

    parser = cli.build_parser()

    def broken_handler(args):
        raise ValueError("internal slip")

    original_parse = parser.parse_args

    def parse_with_broken_handler(argv=None):
        args = original_parse(argv)
        args.handler = broken_handler
        return args

    monkeypatch.setattr(parser, "parse_args", parse_with_broken_handler)
    monkeypatch.setattr(cli, "build_parser", lambda: parser)
    with pytest.raises(ValueError, match="internal slip"):
        cli.main(["features"])
