"""Command-line inputs that used to escape as tracebacks or were found too late (issue 23, section 3).

Each bad input gives one line on stderr, `dxlinalg COMMAND: error: ...`, exit code 2, through the
console script's own `main`; `--out` problems are found before the dispatch runs.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dxlinalg.spirv
from dxlinalg.commands.arguments import parse_ascii_int
from dxlinalg.commands.spirv import parse_buffer, parse_spec
from dxlinalg.errors import InvalidArgumentError

from tests.commands.cli_helpers import BASIC, cli, one_line_error


@pytest.fixture
def basic_buffers(tmp_path: Path) -> list[str]:
    np.save(tmp_path / "a.npy", np.ones(256, np.float16))
    np.save(tmp_path / "b.npy", np.ones(256, np.float16))
    np.save(tmp_path / "c.npy", np.zeros(256, np.float32))
    return ["--buffer", f"0:0={tmp_path / 'a.npy'}", "--buffer", f"0:1={tmp_path / 'b.npy'}",
            "--buffer", f"0:2={tmp_path / 'c.npy'}"]


# --- empty and cut-off .npy files ---------------------------------------------------------------------------------

def test_an_empty_npy_buffer_is_a_one_line_error(capsys, tmp_path):
    (tmp_path / "empty.npy").write_bytes(b"")
    code, _, err = cli(capsys, "spirv", BASIC, "--buffer", f"0:0={tmp_path / 'empty.npy'}")
    assert "empty.npy is empty" in one_line_error(code, err)


def test_an_empty_npy_as_push_constants_is_a_one_line_error(capsys, tmp_path, basic_buffers):
    (tmp_path / "push.npy").write_bytes(b"")
    code, _, err = cli(capsys, "spirv", BASIC, *basic_buffers, "--push-constants", tmp_path / "push.npy")
    assert "--push-constants" in one_line_error(code, err) and "is empty" in err


def test_a_cut_off_npy_is_a_one_line_error(capsys, tmp_path):
    np.save(tmp_path / "a.npy", np.ones(256, np.float16))
    data = (tmp_path / "a.npy").read_bytes()
    (tmp_path / "a.npy").write_bytes(data[:-10])
    code, _, err = cli(capsys, "spirv", BASIC, "--buffer", f"0:0={tmp_path / 'a.npy'}")
    assert "is truncated" in one_line_error(code, err)
    (tmp_path / "a.npy").write_bytes(data[:20])
    code, _, err = cli(capsys, "spirv", BASIC, "--buffer", f"0:0={tmp_path / 'a.npy'}")
    one_line_error(code, err)


# --- ASCII digits only ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["²:0=x.npy", "0:²=x.npy", "٣:0=x.npy", "0:1[²]=x.npy", "0:1[١]=x.npy",
                                  "-1:0=x.npy", "0:0x1=x.npy", "0:1_0=x.npy"])
def test_buffer_keys_take_ascii_digits_only(capsys, text):
    code, _, err = cli(capsys, "spirv", BASIC, f"--buffer={text}")
    assert "with the digits 0-9" in one_line_error(code, err)


@pytest.mark.parametrize("text", ["²=1", "٣=1", "0=٣", "0=1٣", "0=1_000", "0=١.5", "0=0x", "0=1e", "0=0b2"])
def test_spec_constants_take_ascii_digits_only(text):
    with pytest.raises(InvalidArgumentError, match="--spec"):
        parse_spec(text)


def test_spec_values_in_ascii_still_parse():
    assert parse_spec("3=0x10") == (3, 16) and parse_spec("1=-2.5e3") == (1, -2500.0)
    assert parse_spec("2=true") == (2, True) and parse_spec(" 4 = -7 ") == (4, -7)
    assert parse_spec("5=010") == (5, 10) and parse_spec("6=0b101") == (6, 5) and parse_spec("7=.5") == (7, 0.5)
    assert parse_buffer("0:1[2]=a.npy") == ((0, 1, 2), Path("a.npy"))


@pytest.mark.parametrize("args", [["spirv", BASIC, "--groups", "٣", "1", "1"],
                                  ["spirv", BASIC, "--step-limit", "²"],
                                  ["convert", "w.npy", "--from-type", "FLOAT32", "--to-type", "FLOAT16",
                                   "--to-layout", "ROW_MAJOR", "--rows", "٣"]])
def test_integer_options_take_ascii_digits_only(capsys, args):
    code, _, err = cli(capsys, *args)
    assert "is not an integer written with the digits 0-9" in one_line_error(code, err, args[0])


@given(st.text(max_size=12))
def test_any_spec_or_buffer_text_parses_or_is_a_one_line_argument_error(text):
    for parse in (parse_spec, parse_buffer):
        try:
            parse(text)
        except InvalidArgumentError as error:
            assert "\n" not in str(error)


@given(st.text(max_size=6))
def test_parse_ascii_int_accepts_exactly_ascii_decimal_numbers(text):
    stripped = text.strip()
    plain = stripped != "" and all(c in "0123456789" for c in stripped)
    if plain:
        assert parse_ascii_int(text, "n") == int(stripped)
    else:
        with pytest.raises(InvalidArgumentError, match="digits 0-9"):
            parse_ascii_int(text, "n")


# --- argparse errors in one line -------------------------------------------------------------------------------------

@pytest.mark.parametrize("args, command, words", [
    (["spirv"], "spirv", "the following arguments are required: module"),
    (["spirv", "m.spv", "--groups", "1"], "spirv", "expected 3 arguments"),
    (["convert", "w.npy"], "convert", "required"),
    (["features", "--frobnicate"], "", "unrecognized arguments: --frobnicate"),
    (["nosuch"], "", "invalid choice: 'nosuch'"),
    (["profile"], "profile", "required"),
])
def test_argparse_errors_are_one_line(capsys, args, command, words):
    code, _, err = cli(capsys, *args)
    prefix = f"dxlinalg {command}: error: " if command else "dxlinalg: error: "
    assert code == 2 and err.count("\n") == 1 and err.startswith(prefix) and words in err, err
    assert "--help" in err


# --- a directory where a file is expected ----------------------------------------------------------------------------

@pytest.mark.parametrize("where", ["module", "buffer", "push"])
def test_a_directory_given_as_a_file_is_named_a_directory(capsys, tmp_path, basic_buffers, where):
    folder = tmp_path / "folder"
    folder.mkdir()
    args = {"module": ["spirv", folder], "buffer": ["spirv", BASIC, "--buffer", f"0:0={folder}"],
            "push": ["spirv", BASIC, *basic_buffers, "--push-constants", folder]}[where]
    code, _, err = cli(capsys, *args)
    assert "is a directory, not a file" in one_line_error(code, err) and "does not exist" not in err


def test_a_directory_as_a_profile_or_convert_input_is_named_a_directory(capsys, tmp_path):
    code, _, err = cli(capsys, "features", "--profile", tmp_path)
    assert "is a directory" in one_line_error(code, err, "features")
    code, _, err = cli(capsys, "convert", tmp_path, "--from-type", "FLOAT32", "--to-type", "FLOAT16",
                       "--to-layout", "ROW_MAJOR")
    assert "is a directory" in one_line_error(code, err, "convert")


# --- --out is checked before the dispatch ----------------------------------------------------------------------------

@pytest.fixture
def dispatch_must_not_run(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the dispatch ran although --out cannot be written")
    monkeypatch.setattr(dxlinalg.spirv, "run", refuse)


@pytest.mark.parametrize("case", ["a file", "missing parent", "empty"])
def test_out_problems_are_found_before_the_dispatch(capsys, tmp_path, basic_buffers, dispatch_must_not_run, case):
    (tmp_path / "file").write_text("x")
    out = {"a file": tmp_path / "file", "missing parent": tmp_path / "no" / "such", "empty": ""}[case]
    code, _, err = cli(capsys, "spirv", BASIC, *basic_buffers, "--out", out)
    one_line_error(code, err)
    assert not (tmp_path / "no").exists()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs permissions that apply (not root)")
def test_an_unwritable_out_folder_is_found_before_the_dispatch(capsys, tmp_path, basic_buffers,
                                                               dispatch_must_not_run):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        code, _, err = cli(capsys, "spirv", BASIC, *basic_buffers, "--out", locked)
    finally:
        locked.chmod(0o700)
    assert "cannot be written" in one_line_error(code, err) and not list(locked.iterdir())


def test_a_failed_dispatch_leaves_no_partial_outputs(capsys, tmp_path, basic_buffers, monkeypatch):
    def fail(*args, **kwargs):
        raise dxlinalg.spirv.SpirvArgumentError("the dispatch failed")
    monkeypatch.setattr(dxlinalg.spirv, "run", fail)
    code, _, err = cli(capsys, "spirv", BASIC, *basic_buffers, "--out", tmp_path / "results")
    assert "the dispatch failed" in one_line_error(code, err) and not list((tmp_path / "results").iterdir())


# --- --groups within maxComputeWorkGroupCount ------------------------------------------------------------------------

@pytest.mark.parametrize("groups, axis", [(("65536", "1", "1"), "X"), (("1", "65536", "1"), "Y"),
                                          (("1", "1", "70000"), "Z"), (("-1", "1", "1"), "X")])
def test_groups_are_capped_by_max_compute_work_group_count(capsys, groups, axis):
    code, _, err = cli(capsys, "spirv", BASIC, "--groups", *groups)
    one_line_error(code, err)
    assert f"group count {axis}" in err and "maxComputeWorkGroupCount" in err
    assert f"VUID-vkCmdDispatch-groupCount{axis}-0038" in err


def test_groups_at_the_limit_pass_the_check():
    from dxlinalg.commands.spirv import check_groups
    from dxlinalg.vulkan.emulated_device import MAX_COMPUTE_WORK_GROUP_COUNT

    assert check_groups(list(MAX_COMPUTE_WORK_GROUP_COUNT)) == MAX_COMPUTE_WORK_GROUP_COUNT


@pytest.mark.parametrize("case", ["a directory", "missing folder"])
def test_conformance_json_problems_are_found_before_the_suite_runs(capsys, tmp_path, monkeypatch, case):
    import dxlinalg.conformance

    def refuse(*args, **kwargs):
        raise AssertionError("the suite ran although --json cannot be written")
    monkeypatch.setattr(dxlinalg.conformance, "run_conformance_cli", refuse)
    target = {"a directory": tmp_path, "missing folder": tmp_path / "no" / "r.json"}[case]
    code, _, err = cli(capsys, "conformance", "--profile", "minimal", "--json", target)
    assert ("is a directory" if case == "a directory" else "does not exist") in one_line_error(code, err, "conformance")
