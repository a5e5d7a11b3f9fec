"""`dxlinalg spirv` on every committed sample module (dxlinalg/samples/spirv): the buffers, push constants and
specialization constants of tests/samples/test_vulkan_samples.py's cases, written to files, give the files
dxlinalg.spirv.run's bytes (the Vulkan host calls give them too: test_vulkan_samples.py)."""

from __future__ import annotations

import numpy as np
import pytest

from dxlinalg.commands.spirv import main
from dxlinalg.spirv import run
from tests.samples.test_vulkan_samples import CASES, FOLDER

PROFILES = ["reference", "nvidia-h100"]


def buffer_argument(key: tuple[int, ...], path: object) -> str:
    """--buffer's SET:BINDING=FILE, or SET:BINDING[ELEMENT]=FILE for an element of a descriptor array."""
    return f"{key[0]}:{key[1]}" + (f"[{key[2]}]" if len(key) == 3 else "") + f"={path}"


def output_name(key: tuple[int, ...]) -> str:
    return f"set{key[0]}_binding{key[1]}" + (f"_element{key[2]}" if len(key) == 3 else "") + ".npy"


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_command_gives_spirv_runs_bytes_for_each_committed_sample(name, profile, tmp_path, capsys) -> None:
    case = CASES[name](name, profile)
    if case is None:
        pytest.skip(f"{profile} lacks what {name} needs")
    args = [str(FOLDER / name), "--groups", *map(str, case.groups), "--profile", profile, "--out",
            str(tmp_path / "out")]
    for key, array in case.buffers.items():
        path = tmp_path / f"in_{'_'.join(map(str, key))}.npy"
        np.save(path, array)
        args += ["--buffer", buffer_argument(key, path)]
    if case.push_constants:
        (tmp_path / "push.bin").write_bytes(case.push_constants)
        args += ["--push-constants", str(tmp_path / "push.bin")]
    for spec_id, value in case.spec_constants.items():
        args += ["--spec", f"{spec_id}={value}"]
    if not case.strict:
        args.append("--permissive")
    assert main(args) == 0, capsys.readouterr().err
    expected = run(FOLDER / name, groups=case.groups, buffers=case.buffers, push_constants=case.push_constants or None,
                   spec_constants=case.spec_constants, profile=profile, strict=case.strict)
    for key, array in expected.items():
        written = np.load(tmp_path / "out" / output_name(key))
        assert written.dtype == array.dtype and written.tobytes() == array.tobytes(), key


def test_an_undefined_access_in_a_committed_sample_is_a_one_line_error(tmp_path, capsys) -> None:
    """The inference module with a weight buffer too small for its first layer: strict mode stops it, in one line."""
    name = "mlp_inference_fp16.spv"
    case = CASES[name](name, "reference")
    assert case is not None
    args = [str(FOLDER / name), "--groups", *map(str, case.groups)]
    for (set_number, binding), array in case.buffers.items():
        path = tmp_path / f"in_{set_number}_{binding}.npy"
        np.save(path, array[:64] if (set_number, binding) == (0, 0) else array)
        args += ["--buffer", f"{set_number}:{binding}={path}"]
    (tmp_path / "push.bin").write_bytes(case.push_constants)
    assert main([*args, "--push-constants", str(tmp_path / "push.bin")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("dxlinalg spirv: error: OpCooperativeVectorMatrixMulAddNV")
    assert "matrix load" in err and "undefined without robust buffer access" in err and "  " not in err
