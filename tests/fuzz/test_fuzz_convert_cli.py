"""Fuzzing `dxlinalg convert` through the console script's entry point, in this process.

A case is a folder with one input, built from a recipe: a `.npy` (float32, float16, int8, uint8, FP8 and
odd dtypes: float64, complex, bool, big-endian, structured, text, pickled objects; empty, 1-D and 3-D
shapes; NaN and Inf values), possibly with a damaged header or data (version, header length, a huge,
negative or non-integer shape, keys missing or extra, a cut-off or overlong file, no magic); a raw file
of the right length or a little off; optimal bytes that `dxlinalg convert` wrote itself, with their
sidecar kept, removed, or damaged (another profile, checksum, size, JSON); numeric text, a zip, an empty
file, a directory, nothing at all. The arguments are mostly right for that input, sometimes wrong (types
and layouts by any name, shapes, strides, profiles, `--out` as a raw file, a `.npy`, "", a directory, a
missing folder, an existing file, the input itself).

Properties: `main([...])` returns 0 or 2, or argparse exits with 2 (exit 1, a round trip that does not give
the source back, never happens on these inputs); `run_convert` lets only DxLinalgError or D3D12Error out
(the console script turns them into its one line; anything else, even a ValueError it would also print,
fails here); an error is one line and leaves every file as it was (no output, no temporary file, an
existing `--out` untouched); a success writes only `--out` and its sidecar; two runs in fresh folders
give the same exit code, the same report and the same bytes.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import dxlinalg.commands.convert as convert_command
from d3d12api import D3D12Error
from dxlinalg.cli import main
from dxlinalg.errors import DxLinalgError
from dxlinalg.profile.registry import builtin_profile_names
from fuzz_harness import UndocumentedError, fuzz_settings

PROFILES = builtin_profile_names()
TYPES = ["FLOAT32", "FLOAT16", "SINT8", "UINT8", "E4M3", "E5M2"]
ODD_TYPES = ["SINT16", "UINT32", "SINT8_T4_PACKED", "F16", "float16", "FLOAT64", "", "E4M3 "]
LAYOUTS = ["ROW_MAJOR", "COLUMN_MAJOR", "MUL_OPTIMAL", "OUTER_PRODUCT_OPTIMAL"]
DTYPES = {"FLOAT32": np.float32, "FLOAT16": np.float16, "SINT8": np.int8, "UINT8": np.uint8,
          "E4M3": ml_dtypes.float8_e4m3fn, "E5M2": ml_dtypes.float8_e5m2}
ODD_DTYPES = ["float64", "complex64", "bool", ">f4", ">f2", "int16", "uint32", "object", "structured", "<U3"]
NPY_DAMAGE = ["version", "header_length", "huge_shape", "negative_shape", "float_shape", "missing_key",
              "extra_key", "descr", "cut_data", "extra_data", "cut_header", "magic", "not_a_dict", "fortran_text"]
SIDECAR_DAMAGE = ["other_profile", "checksum", "size", "json", "extra_key", "removed", "data_byte", "type"]
OUTS = ["empty", "directory", "missing_folder", "existing", "npy", "the_input"]


@dataclass(frozen=True)
class ConvertCase:
    kind: str                   # npy, raw, optimal, text, zip, empty, directory, missing
    profile: str
    source_type: str            # what the file holds (a TYPES name, or an odd dtype for npy)
    shape: tuple
    fortran: bool
    specials: bool              # NaN / Inf among float values
    damage: str                 # what breaks the input ("none" mostly)
    from_type: str
    from_layout: str
    to_type: str
    to_layout: str
    rows: Any                   # --rows / --cols: None, right, or wrong
    cols: Any
    stride: Any
    dest_stride: Any
    out: str
    allow_missing_sidecar: bool
    written_by: str             # the profile that wrote optimal input bytes
    seed: int


FLOATS = ["FLOAT32", "FLOAT16", "E4M3", "E5M2"]
BROKEN_ARGUMENTS = ["from_type", "from_layout", "to_type", "to_layout", "rows", "cols", "stride", "dest_stride",
                    "profile", "out"]


def partners(type_name: str) -> list[str]:
    """Types a conversion from `type_name` may produce: itself, and float changes through FLOAT32/FLOAT16."""
    if type_name not in FLOATS:
        return [type_name]
    wide = ["FLOAT32", "FLOAT16"]
    return [type_name] + (FLOATS if type_name in wide else wide)


@st.composite
def convert_case(draw: st.DrawFn) -> ConvertCase:
    """An input and arguments that fit it, with usually none, sometimes one or two arguments wrong."""
    kind = draw(st.sampled_from(["npy"] * 6 + ["raw"] * 3 + ["optimal"] * 3 + ["text", "zip", "empty", "directory",
                                                                              "missing"]))
    source_type = draw(st.sampled_from(TYPES * 3 + (ODD_DTYPES if kind == "npy" else [])))
    rows, cols = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    shape = (rows, cols) if draw(st.integers(0, 9)) else draw(st.sampled_from([(0, 5), (5, 0), (7,), (2, 3, 4), ()]))
    damage = "none"
    if draw(st.integers(0, 3)) == 0:
        damage = draw(st.sampled_from(NPY_DAMAGE if kind == "npy" else SIDECAR_DAMAGE if kind == "optimal"
                                      else ["short", "long"]))
    broken = set(draw(st.lists(st.sampled_from(BROKEN_ARGUMENTS), max_size=draw(st.sampled_from([0] * 4 + [1] * 2
                                                                                                + [2])))))
    optimal_layout = draw(st.sampled_from(LAYOUTS[2:]))
    from_layout = optimal_layout if kind == "optimal" else draw(st.sampled_from(LAYOUTS[:2]))
    if "from_layout" in broken:
        from_layout = draw(st.sampled_from(LAYOUTS + ["DIAGONAL", "row_major"]))
    from_type = source_type if source_type in TYPES else draw(st.sampled_from(TYPES))
    if kind == "optimal":
        from_type = source_type if source_type in FLOATS else "FLOAT16"    # what the setup writes
    if "from_type" in broken:
        from_type = draw(st.sampled_from(TYPES + ODD_TYPES))
    to_type = draw(st.sampled_from(partners(from_type))) if "to_type" not in broken else draw(
        st.sampled_from(TYPES + ODD_TYPES))
    wrong = st.sampled_from([0, -1, 1, 100000, "x", "2.5"])
    given_shape = kind in ("raw", "text") or draw(st.integers(0, 3)) == 0
    written_by = draw(st.sampled_from(PROFILES))
    profile = written_by if kind == "optimal" and draw(st.integers(0, 3)) else draw(st.sampled_from(PROFILES))
    if "profile" in broken:
        profile = draw(st.sampled_from(["NVIDIA-H100", "nonexistent", "", "reference.json"]))
    return ConvertCase(
        kind=kind, profile=profile, source_type=source_type, shape=shape, fortran=draw(st.booleans()),
        specials=draw(st.booleans()), damage=damage, from_type=from_type, from_layout=from_layout, to_type=to_type,
        to_layout=draw(st.sampled_from(LAYOUTS if "to_layout" not in broken else ["", "MUL", "row-major"])),
        rows=draw(wrong) if "rows" in broken else rows if given_shape else None,
        cols=draw(wrong) if "cols" in broken else cols if given_shape else None,
        stride=draw(st.sampled_from([0, 1, 64, 4096, -4, "8"])) if "stride" in broken else None,
        dest_stride=draw(st.sampled_from([16, 160, 8, 0, -16, 1 << 40])) if "dest_stride" in broken else None,
        out=draw(st.sampled_from(OUTS if "out" in broken else ["none", "bin", "npy", "existing"])),
        allow_missing_sidecar=draw(st.integers(0, 4)) == 0, written_by=written_by,
        seed=draw(st.integers(0, 2**32 - 1)))


# --- building the input --------------------------------------------------------------------------

def matrix_of(case: ConvertCase, rng: np.random.Generator) -> np.ndarray:
    """The logical matrix (or odd array) the input holds."""
    shape = case.shape
    name = case.source_type
    if name in DTYPES:
        dtype = np.dtype(DTYPES[name])
        if dtype.kind in "iu":
            return rng.integers(0, 256, shape, dtype=np.uint8).astype(dtype)
        values = rng.normal(0, 4, shape) * 2.0 ** rng.integers(-6, 6, shape)
        if case.specials and values.size:
            values.flat[rng.integers(0, values.size, 3)] = [np.nan, np.inf, -np.inf]
        with np.errstate(over="ignore"):
            return values.astype(dtype)
    if name == "object":
        return np.array([[1, "a"], [None, 2.5]], dtype=object)
    if name == "structured":
        return np.zeros(shape, dtype=[("a", "<f4"), ("b", "<i2")])
    if name == "<U3":
        return np.full(shape, "1.5", dtype="<U3")
    with np.errstate(over="ignore", invalid="ignore"):
        return rng.normal(0, 4, shape).astype(name)


def damaged_npy(data: bytes, damage: str) -> bytes:
    """A .npy file's bytes with its header or data broken as `damage` says."""
    header_end = 10 + int.from_bytes(data[8:10], "little")
    header = data[10:header_end].decode("latin1")
    body = data[header_end:]

    def with_header(text: str) -> bytes:
        padded = text.ljust(len(header) - 1) + "\n" if len(text) < len(header) else text + "\n"
        return data[:8] + len(padded).to_bytes(2, "little") + padded.encode("latin1") + body

    fields = header.strip()
    if damage == "version":
        return data[:6] + b"\x07\x00" + data[8:]
    if damage == "header_length":
        return data[:8] + (60000).to_bytes(2, "little") + data[10:]
    if damage == "huge_shape":
        return with_header(fields.replace("'shape': (", "'shape': (100000, 100000, ").replace(", )", ")"))
    if damage == "negative_shape":
        return with_header(fields.replace("'shape': (", "'shape': (-3, "))
    if damage == "float_shape":
        return with_header(fields.replace("'shape': (", "'shape': (2.5, "))
    if damage == "missing_key":
        return with_header(fields.replace("'fortran_order': False, ", "").replace("'fortran_order': True, ", ""))
    if damage == "extra_key":
        return with_header(fields.replace("{", "{'extra': 1, ", 1))
    if damage == "descr":
        return with_header(fields.replace("'descr': '", "'descr': 'zz", 1))
    if damage == "cut_data":
        return data[: max(header_end, len(data) - 3)]
    if damage == "extra_data":
        return data + b"\x00\x01\x02"
    if damage == "cut_header":
        return data[: header_end - 20]
    if damage == "magic":
        return b"\x93NUMPX" + data[6:]
    if damage == "not_a_dict":
        return with_header("[1, 2, 3]")
    if damage == "fortran_text":
        return with_header(fields.replace("'fortran_order': False", "'fortran_order': 'no'"))
    return data


def matrix_shape(case: ConvertCase) -> tuple[int, int]:
    """The shape of a raw or optimal input: the case's, when it is a matrix's."""
    return case.shape if len(case.shape) == 2 and min(case.shape) > 0 else (3, 4)


def write_input(case: ConvertCase, folder: Path, rng: np.random.Generator) -> Path:
    """The input file (and, for optimal bytes, its sidecar) as the recipe says."""
    path = folder / ("weights.npy" if case.kind == "npy" else "weights.bin")
    if case.kind == "npy":
        buffer = io.BytesIO()
        matrix = matrix_of(case, rng)
        np.lib.format.write_array(buffer, np.asfortranarray(matrix) if case.fortran else matrix,
                                  allow_pickle=case.source_type == "object")
        path.write_bytes(damaged_npy(buffer.getvalue(), case.damage))
    elif case.kind == "raw":
        rows, cols = case.shape if len(case.shape) == 2 else (3, 4)
        size = rows * cols * np.dtype(DTYPES.get(case.source_type, np.float32)).itemsize
        size += {"short": -1, "long": 16}.get(case.damage, 0)
        path.write_bytes(rng.integers(0, 256, max(size, 1), dtype=np.uint8).tobytes())
    elif case.kind == "optimal":
        write_optimal_input(case, folder, path, rng)
    elif case.kind == "text":
        path.write_text("\n".join(", ".join(f"{v:.3f}" for v in row) for row in rng.normal(0, 1, (3, 4))))
    elif case.kind == "zip":
        np.savez(folder / "weights.npz", a=np.zeros((2, 2), np.float32))
        (folder / "weights.npz").rename(path)
    elif case.kind == "empty":
        path.write_bytes(b"")
    elif case.kind == "directory":
        path.mkdir()
    return path


def write_optimal_input(case: ConvertCase, folder: Path, path: Path, rng: np.random.Generator) -> None:
    """MUL/OUTER_PRODUCT_OPTIMAL bytes written by `dxlinalg convert` on `written_by`, then damaged."""
    rows, cols = matrix_shape(case)
    source = folder / "setup.npy"
    np.save(source, rng.normal(0, 2, (rows, cols)).astype(np.float32))
    layout = case.from_layout if case.from_layout in LAYOUTS[2:] else "MUL_OPTIMAL"
    to_type = case.source_type if case.source_type in FLOATS else "FLOAT16"
    code, _, err = cli(["convert", str(source), "--from-type", "FLOAT32", "--to-type", to_type, "--to-layout",
                        layout, "--profile", case.written_by, "--out", str(path)])
    source.unlink()
    assert code == 0, err
    sidecar = folder / (path.name + ".meta.json")
    meta = json.loads(sidecar.read_text())
    if case.damage == "other_profile":
        meta["profile"] = next(p for p in PROFILES if p != meta["profile"])
    elif case.damage == "checksum":
        meta["sha256"] = "0" * 64
    elif case.damage == "size":
        meta["DestSize"] += 16
    elif case.damage == "extra_key":
        meta["comment"] = "hand-edited"
    elif case.damage == "type":
        meta["type"] = "SINT8"
    elif case.damage == "data_byte":
        data = bytearray(path.read_bytes())
        data[len(data) // 2] ^= 0xFF
        path.write_bytes(bytes(data))
    if case.damage == "removed":
        sidecar.unlink()
    elif case.damage == "json":
        sidecar.write_text(json.dumps(meta)[:-5])
    else:
        sidecar.write_text(json.dumps(meta))


def arguments(case: ConvertCase, folder: Path, path: Path) -> list[str]:
    argv = ["convert", str(path), "--from-type", case.from_type, "--from-layout", case.from_layout,
            "--to-type", case.to_type, "--to-layout", case.to_layout, "--profile", case.profile]
    for flag, value in (("--rows", case.rows), ("--cols", case.cols), ("--stride", case.stride),
                        ("--dest-stride", case.dest_stride)):
        if value is not None:
            argv += [flag, str(value)]
    out = {"bin": folder / "out.bin", "npy": folder / "out.npy", "empty": "", "directory": folder,
           "missing_folder": folder / "no" / "out.bin", "existing": folder / "existing.bin",
           "the_input": path}.get(case.out)
    if out is not None:
        argv += ["--out", str(out)]
    if case.out == "existing":
        (folder / "existing.bin").write_bytes(b"keep me")
    if case.allow_missing_sidecar:
        argv.append("--allow-missing-sidecar")
    return argv


# --- running it ------------------------------------------------------------------------------------

def cli(argv: list[str]) -> tuple[int, str, str]:
    """`dxlinalg ARGV` in this process, with run_convert held to its documented errors (a numpy
    RuntimeWarning counts as an undocumented error)."""
    out, err = io.StringIO(), io.StringIO()
    real = convert_command.run_convert

    def documented_only(*args: Any, **kwargs: Any) -> int:
        try:
            return real(*args, **kwargs)
        except (DxLinalgError, D3D12Error):
            raise
        except BaseException as error:  # noqa: BLE001  (the property: nothing else leaves run_convert)
            raise UndocumentedError(f"run_convert raised an undocumented {type(error).__name__}: {error}") from error

    convert_command.run_convert = documented_only
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
            warnings.simplefilter("error", RuntimeWarning)     # numpy's warnings would reach the user's terminal
            try:
                code = main(argv)
            except SystemExit as exit_:   # argparse
                code = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        convert_command.run_convert = real
    return code, out.getvalue(), err.getvalue()


def files(folder: Path) -> dict[str, bytes | None]:
    """Every file and folder under `folder`: path -> bytes (None for a folder)."""
    return {str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes() for p in sorted(folder.rglob("*"))}


def run_case(case: ConvertCase) -> tuple:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        rng = np.random.default_rng(case.seed)
        path = write_input(case, folder, rng) if case.kind != "missing" else folder / "weights.npy"
        argv = arguments(case, folder, path)
        before = files(folder)
        code, out, err = cli(argv)
        after = files(folder)
        lines = err.splitlines()
        assert code in (0, 2), f"exit {code}: {out}{err}"
        if code == 2:
            assert lines and lines[-1].startswith("dxlinalg convert: error: "), err
            assert len(lines) == 1 or lines[0].startswith("usage: "), f"not one line: {err}"
            assert after == before, f"a failed convert changed files: {set(after) ^ set(before)}"
        else:
            assert not err, err
            outputs = {p for p in after if before.get(p) != after[p]}
            out_name = Path(argv[argv.index("--out") + 1]).name if "--out" in argv else None
            allowed = {out_name, f"{out_name}.meta.json"} if out_name else set()
            assert outputs <= allowed and set(before) <= set(after), f"unexpected files: {outputs - allowed}"
            assert not any(p.endswith(".partial") for p in after), "a temporary file was left"
        shown = (out + err).replace(name, "DIR")
        return code, shown, tuple(sorted((p, b) for p, b in after.items()))


@fuzz_settings(120, slow_examples=True)
@given(case=convert_case())
def test_convert_inputs_fail_in_one_line_without_touching_files_or_convert_the_same_way_twice(case):
    assert run_case(case) == run_case(case)
