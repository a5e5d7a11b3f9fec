"""`dxlinalg spirv`: run a compiled SPIR-V compute shader from files, through `dxlinalg.spirv.run`.

    dxlinalg spirv shader.spv --buffer 0:0=input.npy --buffer 0:1=output.bin --groups 16 1 1 \
        --push-constants push.bin --spec 0=64 --out results

A buffer file is a `.npy` array (no pickled objects) or raw bytes (any other name). An element of a
descriptor array is `SET:BINDING[ELEMENT]=FILE` (e.g. `0:1[2]=blocks2.npy`). After the dispatch each
buffer is written to `--out` as `set{S}_binding{B}.npy` (an element: `set{S}_binding{B}_element{E}.npy`)
or `.bin`, like its input; without `--out` a short preview of each is printed.

Everything that can be checked before the dispatch is (the module, the bindings the entry point uses, each
`.npy`'s element type against its block's, the output files), so a run that starts is one whose
results can be written. Errors are one line (the console script prints the first line and exits 2).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import numpy as np

from dxlinalg.commands.arguments import (
    OneLineArgumentParser,
    ascii_int,
    exit_code_for_interrupt,
    input_file,
    parse_ascii_int,
)
from dxlinalg.errors import InvalidArgumentError
from dxlinalg.profile.registry import DEFAULT_PROFILE, builtin_profile_names

PREVIEW_VALUES = 8          # values shown per buffer when --out is not given
_PREFIXED_INTEGER = re.compile(r"[+-]?0([xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)")
_DECIMAL_INTEGER = re.compile(r"[+-]?[0-9]+")
_FLOAT = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?|[+-]?(inf|nan)", re.IGNORECASE)


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `spirv` command to the console script's subcommands."""
    command = subparsers.add_parser("spirv", help="run a SPIR-V compute shader (.spv) on the simulated GPU")
    command.add_argument("module", help="the SPIR-V module (.spv)")
    command.add_argument("--entry-point", default="main", help="GLCompute entry point name (default: main)")
    command.add_argument("--groups", nargs=3, type=ascii_int, default=[1, 1, 1], metavar=("X", "Y", "Z"),
                         help="workgroups to dispatch, each at most maxComputeWorkGroupCount (65535) (default: 1 1 1)")
    command.add_argument("--buffer", action="append", default=[], metavar="SET:BINDING[ELEMENT]=FILE",
                         help="bind a buffer: a .npy array (of the block's element type) or raw bytes; [ELEMENT] "
                              "for an element of a descriptor array (repeatable)")
    command.add_argument("--push-constants", metavar="FILE", help="push-constant bytes (raw, or a .npy array)")
    command.add_argument("--spec", action="append", default=[], metavar="ID=VALUE",
                         help="specialization constant: an integer, a float, true or false (repeatable)")
    command.add_argument("--profile", default=DEFAULT_PROFILE,
                         help=f"built-in profile ({', '.join(builtin_profile_names())}) or a profile .json file")
    command.add_argument("--permissive", action="store_true",
                         help="do what some hardware might instead of reporting undefined behaviour")
    command.add_argument("--step-limit", type=ascii_int,
                         help="block executions per chunk before a loop counts as runaway")
    command.add_argument("--work-limit", type=ascii_int, help="work units per chunk (block runs weighed by "
                         "instructions and lanes) before a loop counts as runaway")
    command.add_argument("--out", metavar="DIR", help="write every buffer's contents after the dispatch here "
                                                      "(created if missing; its parent must exist)")
    command.set_defaults(handler=run_command)
    return command


def _argument_error(message: str) -> Exception:
    from dxlinalg.spirv.errors import SpirvArgumentError

    return SpirvArgumentError(message)


def _read_array(path: Path, what: str) -> np.ndarray | bytes:
    """A `.npy` array (its header checked first: empty, cut-off and pickled files are one-line errors) or raw bytes."""
    from dxlinalg.commands.npy_input import check_npy_data_size, read_npy_header

    input_file(path, what)
    if path.suffix != ".npy":
        return path.read_bytes()
    if path.stat().st_size == 0:
        raise _argument_error(f"{what}: {path} is empty (a .npy file has at least its header)")
    try:
        header = read_npy_header(path)
    except InvalidArgumentError as error:
        raise _argument_error(f"{what}: {error}") from None
    if not isinstance(header.descr, str) or "O" in header.descr:
        raise _argument_error(f"{what}: {path} holds {header.descr!r} values; give a plain numeric array")
    try:
        check_npy_data_size(header, np.dtype(header.descr).itemsize)
        return np.load(path, allow_pickle=False)
    except InvalidArgumentError as error:
        raise _argument_error(f"{what}: {error}") from None
    except (ValueError, TypeError, EOFError) as error:
        raise _argument_error(f"{what}: {path} is not a plain .npy array ({error})") from None


def parse_buffer(text: str) -> tuple[tuple[int, ...], Path]:
    """'0:1=data.npy' -> ((0, 1), Path('data.npy')); '0:1[2]=data.npy' -> ((0, 1, 2), ...) (descriptor array)."""

    binding, separator, file = text.partition("=")
    descriptor_set, colon, slot = binding.partition(":")
    slot, bracket, element = slot.partition("[")
    numbers = [descriptor_set, slot] + ([element[:-1]] if bracket else [])
    try:
        if not separator or not colon or not file or (bracket and not element.endswith("]")):
            raise InvalidArgumentError("")
        key = tuple(parse_ascii_int(n, "--buffer") for n in numbers)
    except InvalidArgumentError:
        raise _argument_error(f"--buffer {text!r}: write SET:BINDING=FILE with the digits 0-9, e.g. 0:1=data.npy, "
                              f"or SET:BINDING[ELEMENT]=FILE for an element of a descriptor array, e.g. "
                              f"0:1[2]=data.npy") from None
    return key, Path(file)


def describe_key(key: tuple[int, ...]) -> str:
    return f"set {key[0]} binding {key[1]}" + (f" element {key[2]}" if len(key) == 3 else "")


def parse_spec(text: str) -> tuple[int, object]:
    """'3=1.5' -> (3, 1.5); values are integers (also 0x..., 0o..., 0b...), floats, true or false, in ASCII."""

    spec_id, separator, raw = text.partition("=")
    try:
        if not separator:
            raise InvalidArgumentError("")
        number = parse_ascii_int(spec_id, "--spec")
    except InvalidArgumentError:
        raise _argument_error(f"--spec {text!r}: write ID=VALUE with the digits 0-9, e.g. 0=64 or 2=true") from None
    value = raw.strip()
    if value.lower() in ("true", "false"):
        return number, value.lower() == "true"
    if _PREFIXED_INTEGER.fullmatch(value):
        return number, int(value, 0)
    if _DECIMAL_INTEGER.fullmatch(value):
        return number, int(value, 10)       # '010' is ten, as the shell user means it
    if _FLOAT.fullmatch(value):
        return number, float(value)
    raise _argument_error(f"--spec {text!r}: {value!r} is not an integer, a float, true or false (ASCII digits)")


def check_groups(groups: Sequence[int]) -> tuple[int, int, int]:
    """Each count within the device's VkPhysicalDeviceLimits::maxComputeWorkGroupCount (vkCmdDispatch's rule)."""
    from dxlinalg.vulkan.compute_vuids import DISPATCH_GROUPS_X, DISPATCH_GROUPS_Y, DISPATCH_GROUPS_Z, RULES
    from dxlinalg.vulkan.emulated_device import MAX_COMPUTE_WORK_GROUP_COUNT

    for axis, rule in enumerate((DISPATCH_GROUPS_X, DISPATCH_GROUPS_Y, DISPATCH_GROUPS_Z)):
        count, limit = groups[axis], MAX_COMPUTE_WORK_GROUP_COUNT[axis]
        if count < 0 or count > limit:
            raise _argument_error(f"--groups {' '.join(map(str, groups))}: group count {'XYZ'[axis]} = {count} is not "
                                  f"in [0, {limit}], maxComputeWorkGroupCount[{axis}] ({rule}: {RULES[rule]})")
    return groups[0], groups[1], groups[2]


def run_command(args: argparse.Namespace) -> int:
    from dxlinalg.commands.spirv_blocks import ShaderInterface    # the SPIR-V stack loads only for this command
    from dxlinalg.spirv import run

    groups = check_groups(args.groups)
    keys = [parse_buffer(text) for text in args.buffer]
    spec = dict(parse_spec(text) for text in args.spec)
    interface = ShaderInterface.load(input_file(Path(args.module), "module"), args.entry_point, spec, args.profile)
    buffers: dict[tuple[int, ...], Any] = {}
    suffixes: dict[tuple[int, ...], str] = {}
    for text, (key, path) in zip(args.buffer, keys):
        if key in buffers:
            raise _argument_error(f"--buffer {text!r}: {describe_key(key)} is given twice")
        buffers[key] = _read_array(path, f"--buffer {text}")
        suffixes[key] = ".npy" if path.suffix == ".npy" else ".bin"
        interface.check_buffer(key, buffers[key], f"--buffer {text}")
    interface.check_all_bound(buffers)
    push = None
    if args.push_constants:
        data = _read_array(Path(args.push_constants), "--push-constants")
        interface.check_push_constants(data, "--push-constants")
        push = data.tobytes() if isinstance(data, np.ndarray) else data
    interface.check_push_constants_given(push is not None)
    options: dict[str, Any] = {}
    if args.step_limit is not None:
        options["step_limit"] = args.step_limit
    if args.work_limit is not None:
        options["work_limit"] = args.work_limit
    with ExitStack() as stack:
        outputs = _reserve_outputs(args.out, buffers, suffixes, stack)
        results = run(interface.module, entry_point=args.entry_point, groups=groups, buffers=buffers,
                      push_constants=push, spec_constants=spec, profile=args.profile, strict=not args.permissive,
                      **options)
        print(f"{args.module}: {args.entry_point} ran over {' x '.join(map(str, groups))} workgroups on profile "
              f"{interface.profile_name}")
        for key in sorted(results):
            data = results[key]
            line = f"  {describe_key(key)}: {data.nbytes} bytes"
            if outputs:
                _write(outputs[key], data, suffixes[key])
                line += f" -> {outputs[key].path}"
            else:
                line += f", {preview(data)}"
            print(line)
    if not outputs and results:
        print("(--out DIR writes every buffer to files)")
    return 0


def _reserve_outputs(out: str | None, buffers: dict[tuple[int, ...], Any], suffixes: dict[tuple[int, ...], str],
                     stack: ExitStack) -> dict[tuple[int, ...], Any]:
    """Every output file, created now under a temporary name, so an --out that cannot be written fails before
    the dispatch; each is renamed into place once written (dxlinalg.commands.atomic_output)."""
    from dxlinalg.commands.atomic_output import AtomicOutput, output_folder

    if out is None:
        return {}
    folder = output_folder(out, "--out")
    outputs = {}
    for key in sorted(buffers):
        element = f"_element{key[2]}" if len(key) == 3 else ""
        name = folder / f"set{key[0]}_binding{key[1]}{element}{suffixes[key]}"
        outputs[key] = stack.enter_context(AtomicOutput(name, "--out"))
    return outputs


def _write(output: Any, data: np.ndarray, suffix: str) -> None:
    if suffix == ".npy":
        np.lib.format.write_array(output, data, allow_pickle=False)
    else:
        output.write(data)
    output.commit()


def preview(data: np.ndarray) -> str:
    """A short look at a result: its element type and shape and the first values (raw results: the first bytes)."""
    flat = data.reshape(-1)
    shown = flat[:PREVIEW_VALUES]
    more = ", ..." if flat.size > PREVIEW_VALUES else ""
    if data.dtype == np.uint8 and data.ndim == 1:
        return f"first bytes {shown.tobytes().hex(' ')}{' ...' if more else ''}"
    values = ", ".join(np.format_float_positional(v, trim="-") if data.dtype.kind == "f" else str(v)
                       for v in shown.tolist())
    shape = " x ".join(map(str, data.shape)) or "scalar"
    return f"{shape} {data.dtype.name}: [{values}{more}]"


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m dxlinalg.commands.spirv ...`: the same command without the console script."""
    from dxlinalg.errors import DxLinalgError

    parser = OneLineArgumentParser(prog="dxlinalg")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["spirv", *(sys.argv[1:] if argv is None else argv)])
    try:
        return int(args.handler(args))
    except (KeyboardInterrupt, BrokenPipeError) as interrupt:
        return exit_code_for_interrupt(interrupt)
    except (DxLinalgError, OSError) as error:
        print(f"dxlinalg spirv: error: {str(error).splitlines()[0]}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
