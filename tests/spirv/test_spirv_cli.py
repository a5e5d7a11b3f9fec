"""The `spirv` command: files in, files out, one-line errors. (It runs here through its own `main`, the
same handler the console script registers.)"""

import argparse
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from dxlinalg.commands.spirv import main, register

DATA = Path(__file__).parent / "data"


def run(capsys, *args):
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_register_adds_the_spirv_subcommand():
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["spirv", "m.spv", "--buffer", "0:0=a.npy", "--groups", "2", "1", "1"])
    assert args.command == "spirv" and args.groups == [2, 1, 1] and callable(args.handler)


def test_runs_a_module_from_files_and_writes_the_buffers(capsys, tmp_path):
    values = np.arange(-32, 32, dtype=np.int32)
    np.save(tmp_path / "in.npy", values)
    (tmp_path / "out.bin").write_bytes(bytes(256))
    code, out, _ = run(capsys, DATA / "control_flow.spv", "--buffer", f"0:0={tmp_path / 'in.npy'}",
                       "--buffer", f"0:1={tmp_path / 'out.bin'}", "--out", tmp_path / "results")
    assert code == 0 and "main ran over 1 x 1 x 1 workgroups" in out and "set 0 binding 1: 256 bytes" in out
    assert np.array_equal(np.load(tmp_path / "results" / "set0_binding0.npy"), values)
    written = np.frombuffer((tmp_path / "results" / "set0_binding1.bin").read_bytes(), np.int32)
    assert written[32] == -1000 and written[33] != 0


def test_push_constants_and_spec_constants(capsys, tmp_path):
    block = np.zeros(48, np.float32)
    np.save(tmp_path / "params.npy", block)
    np.save(tmp_path / "particles.npy", np.zeros((16, 8), np.float32))
    np.save(tmp_path / "out.npy", np.zeros((16, 4), np.float32))
    (tmp_path / "push.bin").write_bytes(struct.pack("<If", 16, 1.0))
    code, out, _ = run(capsys, DATA / "layouts.spv", "--buffer", f"0:0={tmp_path / 'params.npy'}",
                       "--buffer", f"0:1={tmp_path / 'particles.npy'}", "--buffer", f"0:2={tmp_path / 'out.npy'}",
                       "--push-constants", tmp_path / "push.bin", "--spec", "0=16", "--spec", "2=false",
                       "--spec", "3=-0.75", "--out", tmp_path)
    assert code == 0
    assert np.array_equal(np.load(tmp_path / "set0_binding2.npy")[:, 3], np.full(16, -0.75, np.float32))


@pytest.mark.parametrize("args, message", [
    (["--buffer", "0=x.npy"], "--buffer '0=x.npy': write SET:BINDING=FILE"),
    (["--buffer", "0:0=missing.npy"], "file 'missing.npy' does not exist"),
    (["--buffer", "0:1[2=x.npy"], "--buffer '0:1[2=x.npy': write SET:BINDING=FILE"),
    (["--buffer", "0:1[a]=x.npy"], "SET:BINDING[ELEMENT]=FILE for an element of a descriptor array"),
    (["--spec", "a=1"], "--spec 'a=1': write ID=VALUE"),
    (["--spec", "1=maybe"], "'maybe' is not an integer, a float, true or false"),
    (["--entry-point", "other"], "no entry point named 'other'"),
])
def test_bad_arguments_give_one_line_errors(capsys, args, message):
    code, _, err = run(capsys, DATA / "control_flow.spv", *args)
    assert code == 2 and err.count("\n") == 1 and message in err


def test_a_damaged_module_gives_a_one_line_error(capsys, tmp_path):
    damaged = tmp_path / "damaged.spv"
    damaged.write_bytes((DATA / "control_flow.spv").read_bytes()[:-6])
    code, _, err = run(capsys, damaged)
    assert code == 2 and err.startswith(f"dxlinalg spirv: error: {damaged}: a SPIR-V module is a whole number of "
                                        f"32-bit words")


def test_runs_as_a_module():
    result = subprocess.run([sys.executable, "-m", "dxlinalg.commands.spirv", str(DATA / "control_flow.spv")],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "no --buffer binds it; add --buffer 0:0=FILE" in result.stderr


def test_an_element_of_a_descriptor_array_is_set_binding_bracket_element(capsys, tmp_path):
    """descriptor_arrays.spv: --buffer 0:0[1]=... binds element 1; outputs are named ..._element{E}; the same
    element twice and a plain key for an arrayed binding are one-line errors."""
    module = Path(__file__).parents[2] / "dxlinalg" / "samples" / "spirv" / "descriptor_arrays.spv"
    count = 8
    args: list[object] = []
    for key, array in [*(((0, 0, k), np.arange(count, dtype=np.float32) + k) for k in range(3)),
                       *(((0, 1, k), np.full(4, 2.0 + k, np.float32)) for k in range(2)),
                       *(((0, 2, k), np.zeros(count, np.float32)) for k in range(2))]:
        path = tmp_path / f"in{key[1]}{key[2]}.npy"
        np.save(path, array)
        args += ["--buffer", f"{key[0]}:{key[1]}[{key[2]}]={path}"]
    np.array([count, 1], np.uint32).tofile(tmp_path / "push.bin")
    args += ["--push-constants", tmp_path / "push.bin"]
    code, out, err = run(capsys, module, *args, "--out", tmp_path / "out")
    assert code == 0, err
    assert "set 0 binding 2 element 1: 32 bytes" in out
    i = np.arange(count, dtype=np.float32)
    first = np.load(tmp_path / "out" / "set0_binding2_element0.npy")
    assert np.array_equal(first, i * 2.0 + (i + 2) * 3.0)
    second = np.load(tmp_path / "out" / "set0_binding2_element1.npy")
    assert np.array_equal(second, (i + 1) + (i + i % 3) * 3.0)
    code, _, err = run(capsys, module, *args, "--buffer", f"0:0[1]={tmp_path / 'in01.npy'}")
    assert code == 2 and err.count("\n") == 1 and "set 0 binding 0 element 1 is given twice" in err
    code, _, err = run(capsys, module, *args, "--buffer", f"0:0={tmp_path / 'in01.npy'}")
    assert code == 2 and err.count("\n") == 1 and "key each element as (set, binding, element)" in err
