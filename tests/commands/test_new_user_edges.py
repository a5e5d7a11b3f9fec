"""What a new user tripped over (issue 23, section 4): `dxlinalg spirv`'s checks and output, the one rule for
`--out` folders, profile suggestions, the cooperative-matrix wave-size error, the entry points' descriptions,
and the demo's progress, images and quiet exits."""

from __future__ import annotations

import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import numpy as np
import pytest

from dxlinalg.commands.atomic_output import output_folder
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.profile.errors import ProfileError
from dxlinalg.profile.registry import load_profile

from tests.commands.cli_helpers import BASIC, REPO, cli, one_line_error


def basic_args(tmp_path: Path, c: np.ndarray | bytes | None = None) -> list[str]:
    np.save(tmp_path / "a.npy", np.ones(256, np.float16))
    np.save(tmp_path / "b.npy", np.ones(256, np.float16))
    args = ["--buffer", f"0:0={tmp_path / 'a.npy'}", "--buffer", f"0:1={tmp_path / 'b.npy'}"]
    if isinstance(c, bytes):
        (tmp_path / "c.bin").write_bytes(c)
        return [*args, "--buffer", f"0:2={tmp_path / 'c.bin'}"]
    if c is not None:
        np.save(tmp_path / "c.npy", c)
        args += ["--buffer", f"0:2={tmp_path / 'c.npy'}"]
    return args


# --- element types ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", [np.float64, np.float16, np.int32, np.int8])
def test_a_npy_of_another_element_type_than_the_block_is_an_error_naming_both(capsys, tmp_path, dtype):
    code, _, err = cli(capsys, "spirv", BASIC, *basic_args(tmp_path, np.zeros(256, dtype)))
    one_line_error(code, err)
    assert f"the file holds {np.dtype(dtype).name} values" in err and "block 'C' (set 0, binding 2) holds float" in err


def test_a_big_endian_npy_is_an_error(capsys, tmp_path):
    code, _, err = cli(capsys, "spirv", BASIC, *basic_args(tmp_path, np.zeros(256, ">f4")))
    assert "big-endian" in one_line_error(code, err)


def test_the_right_element_type_and_raw_bytes_are_taken(capsys, tmp_path):
    code, out, err = cli(capsys, "spirv", BASIC, *basic_args(tmp_path, np.zeros(256, np.float32)))
    assert code == 0, err
    code, out, err = cli(capsys, "spirv", BASIC, *basic_args(tmp_path, bytes(1024)))
    assert code == 0, err
    code, out, err = cli(capsys, "spirv", BASIC, *basic_args(tmp_path, np.zeros(1024, np.uint8)))
    assert code == 0, err


def test_a_block_of_mixed_types_takes_any_numeric_npy():
    from dxlinalg.commands.spirv_blocks import scalar_dtypes
    from dxlinalg.spirv.types import FloatType, IntType, RuntimeArrayType, StructType

    mixed = StructType(1, [IntType(2, 32, False), RuntimeArrayType(3, FloatType(4, 32), 4)])
    assert scalar_dtypes(mixed) == {np.dtype(np.uint32), np.dtype(np.float32)}
    single = StructType(5, [RuntimeArrayType(3, FloatType(4, 16), 2)])
    assert scalar_dtypes(single) == {np.dtype(np.float16)}


# --- results without --out -------------------------------------------------------------------------------------------

def test_without_out_a_preview_of_each_result_is_printed(capsys, tmp_path):
    code, out, err = cli(capsys, "spirv", BASIC, *basic_args(tmp_path, np.zeros(256, np.float32)))
    assert code == 0, err
    # C = 0.5 * (2 * (A x B + 1) + i) with A = B = ones: 17 + i / 2 for the element an invocation holds i-th
    assert "set 0 binding 2: 1024 bytes, 256 float32: [" in out and "...]" in out
    assert "--out DIR writes every buffer to files" in out
    code, out, err = cli(capsys, "spirv", BASIC, *basic_args(tmp_path, bytes(1024)))
    assert "set 0 binding 2: 1024 bytes, first bytes " in out


def test_preview_shows_values_and_bytes():
    from dxlinalg.commands.spirv import preview

    assert preview(np.arange(3, dtype=np.int32)) == "3 int32: [0, 1, 2]"
    assert preview(np.arange(10, dtype=np.float32) / 2).startswith("10 float32: [0, 0.5, 1, 1.5")
    assert preview(np.array([1, 255], np.uint8)) == "first bytes 01 ff"


# --- bindings and push constants that are missing --------------------------------------------------------------------

def test_a_missing_binding_is_named_in_plain_words(capsys, tmp_path):
    code, _, err = cli(capsys, "spirv", BASIC, *basic_args(tmp_path))
    one_line_error(code, err)
    assert "the shader uses the buffer block 'C' at set 0, binding 2" in err and "add --buffer 0:2=FILE" in err
    assert "buffers={" not in err


def test_missing_push_constants_are_named(capsys, tmp_path):
    module = REPO / "dxlinalg" / "samples" / "spirv" / "descriptor_arrays.spv"
    args = []
    for binding, count in ((0, 3), (1, 2), (2, 2)):
        for element in range(count):
            np.save(tmp_path / f"{binding}{element}.npy", np.zeros(8, np.float32))
            args += ["--buffer", f"0:{binding}[{element}]={tmp_path / f'{binding}{element}.npy'}"]
    code, _, err = cli(capsys, "spirv", module, *args)
    assert "push-constant block" in one_line_error(code, err) and "--push-constants FILE" in err


# --- malformed modules -----------------------------------------------------------------------------------------------

def test_a_malformed_module_is_named_with_its_file_and_the_opcode_by_name(capsys, tmp_path):
    words = np.frombuffer(BASIC.read_bytes(), np.uint32).copy()
    words[5] &= 0xFFFF          # the first instruction (OpCapability, opcode 17) gets word count 0
    damaged = tmp_path / "damaged.spv"
    damaged.write_bytes(words.tobytes())
    code, _, err = cli(capsys, "spirv", damaged)
    assert f"{damaged}: instruction 0 at word 5 (OpCapability, opcode 17) has word count 0" in one_line_error(code, err)
    words[5] = (1 << 16) | 9999
    damaged.write_bytes(words.tobytes())
    code, _, err = cli(capsys, "spirv", damaged)
    assert str(damaged) in one_line_error(code, err)


# --- cooperative matrices on a profile with waves of 64 --------------------------------------------------------------

def test_coopmat_on_waves_of_64_names_the_profile_and_its_wave_size(capsys, tmp_path):
    code, _, err = cli(capsys, "spirv", BASIC, *basic_args(tmp_path, np.zeros(256, np.float32)), "--profile",
                       "minimal")
    one_line_error(code, err)
    assert "profile 'minimal' runs waves of 64 invocations" in err and "has 32 invocations, not 64" in err


# --- one rule for --out folders --------------------------------------------------------------------------------------

def test_out_folders_create_only_their_last_level(tmp_path):
    assert output_folder(tmp_path / "new", "--out").is_dir()
    assert output_folder(tmp_path / "new", "--out").is_dir()          # an existing folder is fine
    with pytest.raises(InvalidArgumentError, match="parent folder .* does not exist"):
        output_folder(tmp_path / "a" / "b", "--out")
    (tmp_path / "file").write_text("x")
    with pytest.raises(InvalidArgumentError, match="is a file"):
        output_folder(tmp_path / "file", "--out")


def test_demo_and_convert_follow_the_out_rule_before_any_work(capsys, tmp_path):
    code, out, err = cli(capsys, "demo", "--out", tmp_path / "a" / "b")
    assert "does not exist" in one_line_error(code, err, "demo") and out == ""
    (tmp_path / "taken").write_text("x")
    code, out, err = cli(capsys, "demo", "--out", tmp_path / "taken")
    assert "is a file" in one_line_error(code, err, "demo") and out == ""
    np.save(tmp_path / "w.npy", np.ones((4, 4), np.float32))
    code, _, err = cli(capsys, "convert", tmp_path / "w.npy", "--from-type", "FLOAT32", "--to-type", "FLOAT16",
                       "--to-layout", "ROW_MAJOR", "--out", tmp_path / "a" / "w.npy")
    assert "does not exist" in one_line_error(code, err, "convert") and not (tmp_path / "a").exists()


# --- profile names ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("typo, meant", [("referense", "reference"), ("nvidia-h10", "nvidia-h100"),
                                         ("Minimall", "minimal"), ("adversarial.json", "adversarial")])
def test_a_misspelt_profile_name_gets_did_you_mean(typo, meant):
    with pytest.raises(ProfileError, match=f"did you mean '{meant}'"):
        load_profile(typo)


def test_an_unrelated_profile_name_gets_no_suggestion(capsys):
    with pytest.raises(ProfileError) as error:
        load_profile("zzzz")
    assert "did you mean" not in str(error.value)
    code, _, err = cli(capsys, "demo", "--profile", "referense")
    assert "did you mean 'reference'" in one_line_error(code, err, "demo")


# --- names and descriptions ------------------------------------------------------------------------------------------

def test_vk_null_handle_is_exported():
    import dxlinalg.vulkan as vulkan
    from dxlinalg.vulkan import VK_NULL_HANDLE

    assert VK_NULL_HANDLE is None and "VK_NULL_HANDLE" in vulkan.__all__


SURFACES = ("D3D12", "SPIR-V", "Vulkan", "MLIR", "nvgpu", "cooperative matri")


def test_help_and_package_description_cover_every_surface(capsys):
    code, out, _ = cli(capsys, "--help")
    assert code == 0 and all(word in out for word in SURFACES), out
    description = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["description"]
    assert all(word.lower() in description.lower() for word in SURFACES), description


def test_the_docs_name_every_command_and_count_them_right():
    """cli.md's count and table, the quickstart's list and `dxlinalg --help` agree with the parser."""
    import argparse
    import re

    from dxlinalg.cli import build_parser

    parser = build_parser()
    [sub] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    commands = set(sub.choices)
    cli_md = (REPO / "docs" / "cli.md").read_text()
    numbers = {"five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
    count = re.search(r"It has (\w+) commands", cli_md)
    assert count and numbers[count.group(1)] == len(commands), count
    assert set(re.findall(r"^\| \[`dxlinalg (\w+)`\]", cli_md, re.MULTILINE)) == commands
    quickstart = (REPO / "docs" / "quickstart.md").read_text()
    listed = re.search(r"The console script's commands are (.*?) \(\[cli\.md\]", quickstart, re.DOTALL)
    assert listed and set(re.findall(r"`(\w+)`", listed.group(1))) == commands


# --- the demo: progress as it goes, quiet exits ----------------------------------------------------------------------

def _start_demo(tmp_path: Path) -> subprocess.Popen[str]:
    # A shell runs background jobs with SIGINT ignored, and Python then keeps it ignored: give the demo the
    # default disposition so that Ctrl-C reaches it as it would from a terminal, wherever the tests run.
    return subprocess.Popen([sys.executable, "-m", "dxlinalg", "demo", "--out", str(tmp_path)], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def test_demo_lines_arrive_while_it_runs_and_a_closed_pipe_exits_quietly_with_141(tmp_path):
    demo = _start_demo(tmp_path)
    assert demo.stdout is not None and demo.stderr is not None
    first = demo.stdout.readline()
    running = demo.poll() is None
    demo.stdout.close()                        # as `dxlinalg demo | head -1` does
    code = demo.wait(timeout=120)
    assert first.startswith("dxlinalg demo on profile 'reference'") and running
    assert code == 141 and demo.stderr.read() == ""


def test_demo_ctrl_c_exits_quietly_with_130(tmp_path):
    demo = _start_demo(tmp_path)
    assert demo.stdout is not None and demo.stderr is not None
    demo.stdout.readline()
    demo.send_signal(signal.SIGINT)
    code = demo.wait(timeout=120)
    assert code == 130 and demo.stderr.read() == ""


def test_training_reports_each_loss_as_it_is_measured(monkeypatch):
    from dxlinalg.samples import mlp_training

    seen: list[tuple[int, float, int]] = []
    steps_run = []
    original = mlp_training.Trainer.step

    def counting_step(self, step, learning_rate):
        steps_run.append(step)
        return original(self, step, learning_rate)

    monkeypatch.setattr(mlp_training.Trainer, "step", counting_step)
    result = mlp_training.train("reference", steps=5, batch=64, size=8, log_every=2, verbose=False,
                                on_loss=lambda step, loss: seen.append((step, loss, len(steps_run))))
    assert [(s, n) for s, _, n in seen] == [(0, 1), (2, 3), (4, 5)]     # called right after its step
    assert [(s, loss) for s, loss, _ in seen] == result.losses
