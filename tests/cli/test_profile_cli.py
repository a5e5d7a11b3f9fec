"""Bad profiles read the same in every command (one line, exit 2), and `dxlinalg profile check/show`."""

import io
import json

import numpy as np
import pytest

from dxlinalg.cli import main
from dxlinalg.conformance import run_conformance_cli
from dxlinalg.profile.registry import builtin_profile_names, load_profile

COMMANDS = {
    "demo": ["demo"],
    "features": ["features"],
    "conformance": ["conformance", "--quick"],
    "convert": ["convert", "IN", "--from-type", "FLOAT32", "--to-type", "FLOAT16", "--to-layout", "MUL_OPTIMAL"],
}


def _valid() -> dict:
    return json.loads(load_profile("reference").model_dump_json())


def _bad_profiles(tmp_path) -> dict[str, tuple[str, str]]:
    """name -> (path, what the error line says after 'profile PATH: ')."""
    typo, value, wrong_type = _valid(), _valid(), _valid()
    typo["accumulation"]["wave_summ"] = "exact"
    value["float_conversion"]["fp8_overflow"] = "nan"
    wrong_type["wave_size"] = "16"
    files = {"unknown_key": json.dumps(typo), "bad_value": json.dumps(value), "wrong_type": json.dumps(wrong_type),
             "not_json": '{\n  "name": "x",\n  "tier" "TIER_1_1"\n}'}
    expected = {
        "unknown_key": "accumulation.wave_summ: unknown key (did you mean 'wave_sum'?); valid keys here: ",
        "bad_value": "float_conversion.fp8_overflow: input should be 'saturate' or 'nan_or_inf', got \"nan\"",
        "wrong_type": "wave_size: input should be a valid integer, got \"16\"",
        "not_json": "not valid JSON: Expecting ':' delimiter at line 3 column 10",
    }
    cases = {}
    for name, text in files.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text)
        cases[name] = (str(path), expected[name])
    cases["missing_file"] = (str(tmp_path / "nope.json"), "neither a built-in profile (reference, ")
    return cases


@pytest.fixture
def weights(tmp_path):
    path = tmp_path / "w.npy"
    np.save(path, np.ones((4, 4), np.float32))
    return str(path)


def run(capsys, *args):
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", ["missing_file", "not_json", "unknown_key", "bad_value", "wrong_type"])
def test_every_command_reports_a_bad_profile_in_one_line_with_exit_2(capsys, tmp_path, weights, command, case):
    path, rule = _bad_profiles(tmp_path)[case]
    argv = [weights if word == "IN" else word for word in COMMANDS[command]]
    code, out, err = run(capsys, *argv, "--profile", path)
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"dxlinalg {command}: error: profile {path}: {rule}")
    assert "Traceback" not in err and "validation error" not in err


def test_conformance_called_directly_reports_a_bad_profile_in_one_line(tmp_path):
    path, rule = _bad_profiles(tmp_path)["bad_value"]
    out, err = io.StringIO(), io.StringIO()
    assert run_conformance_cli([path], None, False, quick=True, out=out, err=err) == 2
    assert err.getvalue().count("\n") == 1 and f"profile {path}: {rule}" in err.getvalue()


@pytest.mark.parametrize("name", ["NVIDIA-H100", "Reference", "MINIMAL"])
def test_profile_names_match_in_any_case_on_the_command_line(capsys, name):
    code, out, _ = run(capsys, "features", "--profile", name, "--json")
    assert code == 0 and json.loads(out)["profile"] == name.lower()


def test_features_print_d3d12_type_names(capsys):
    code, out, _ = run(capsys, "features", "--profile", "nvidia-h100")
    assert code == 0
    assert "SINT8_T4_PACKED" in out and "UINT8_T4_PACKED" in out and " E4M3 " in out and "SINT32" in out
    assert "F8_E4M3" not in out and "PackedS8x32" not in out and " F16 " not in out


def test_profile_check_accepts_a_valid_file(capsys, tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(_valid() | {"name": "my-gpu"}))
    code, out, err = run(capsys, "profile", "check", str(path))
    assert (code, out, err) == (0, f"{path}: ok (profile my-gpu)\n", "")


@pytest.mark.parametrize("case", ["missing_file", "not_json", "unknown_key", "bad_value", "wrong_type"])
def test_profile_check_reports_a_bad_file_in_one_line(capsys, tmp_path, case):
    path, rule = _bad_profiles(tmp_path)[case]
    code, out, err = run(capsys, "profile", "check", path)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"dxlinalg profile: error: profile {path}: {rule}")


@pytest.mark.parametrize("name", builtin_profile_names())
def test_profile_show_prints_a_builtin_profile_as_a_loadable_file(capsys, tmp_path, name):
    code, out, _ = run(capsys, "profile", "show", name.upper())
    assert code == 0
    shown = json.loads(out)
    assert shown["name"] == name and "accumulation" in shown and "float_conversion" in shown
    path = tmp_path / "shown.json"
    path.write_text(out)
    assert load_profile(str(path)) == load_profile(name)
    assert shown["mul_properties"][0]["input_type"] == "FLOAT16"


def test_profile_show_fills_in_the_defaults_of_a_file(capsys, tmp_path):
    data = {"name": "small", "tier": "TIER_1_0", "mul_properties": [
        {"input_type": "F16", "input_interpretation": "FLOAT_E4M3", "matrix_interpretation": "float_e4m3",
         "bias_interpretation": "FLOAT16", "output_type": "FLOAT16"}]}
    path = tmp_path / "small.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "profile", "show", str(path))
    shown = json.loads(out)
    assert code == 0 and shown["wave_size"] == 32 and shown["accumulation"]["wave_sum"] == "exact"
    assert shown["mul_properties"] == [{"input_type": "FLOAT16", "input_interpretation": "E4M3",
                                        "matrix_interpretation": "E4M3", "bias_interpretation": "FLOAT16",
                                        "output_type": "FLOAT16", "transpose_supported": False}]


def test_profile_show_of_a_bad_name_is_one_line(capsys):
    code, out, err = run(capsys, "profile", "show", "rtx-9090")
    assert code == 2 and out == "" and err.count("\n") == 1 and "profile rtx-9090: neither a built-in" in err


def test_profile_needs_an_action(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["profile"])
    assert exit_info.value.code == 2 and "ACTION" in capsys.readouterr().err
