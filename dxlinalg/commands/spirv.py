"""`dxlinalg spirv`: run a compiled SPIR-V compute shader from files, through `dxlinalg.spirv.run`.

    dxlinalg spirv shader.spv --buffer 0:0=input.npy --buffer 0:1=output.bin --groups 16 1 1 \
        --push-constants push.bin --spec 0=64 --out results

A buffer file is a `.npy` array (no pickled objects) or raw bytes (any other name). An element of a
descriptor array is `SET:BINDING[ELEMENT]=FILE` (e.g. `0:1[2]=blocks2.npy`). After the dispatch each
buffer is written to `--out` as `set{S}_binding{B}.npy` (an element: `set{S}_binding{B}_element{E}.npy`)
or `.bin`, like its input.
Errors are one line (the console script prints the first line of the exception and exits 2).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from dxlinalg.profile.registry import DEFAULT_PROFILE, builtin_profile_names


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `spirv` command to the console script's subcommands."""
    command = subparsers.add_parser("spirv", help="run a SPIR-V compute shader (.spv) on the simulated GPU")
    command.add_argument("module", help="the SPIR-V module (.spv)")
    command.add_argument("--entry-point", default="main", help="GLCompute entry point name (default: main)")
    command.add_argument("--groups", nargs=3, type=int, default=[1, 1, 1], metavar=("X", "Y", "Z"),
                         help="workgroups to dispatch (default: 1 1 1)")
    command.add_argument("--buffer", action="append", default=[], metavar="SET:BINDING[ELEMENT]=FILE",
                         help="bind a buffer: a .npy array or raw bytes; [ELEMENT] for an element of a descriptor "
                              "array (repeatable)")
    command.add_argument("--push-constants", metavar="FILE", help="push-constant bytes (raw, or a .npy array)")
    command.add_argument("--spec", action="append", default=[], metavar="ID=VALUE",
                         help="specialization constant: an integer, a float, true or false (repeatable)")
    command.add_argument("--profile", default=DEFAULT_PROFILE,
                         help=f"built-in profile ({', '.join(builtin_profile_names())}) or a profile .json file")
    command.add_argument("--permissive", action="store_true",
                         help="do what some hardware might instead of reporting undefined behaviour")
    command.add_argument("--step-limit", type=int, help="block executions per chunk before a loop counts as runaway")
    command.add_argument("--work-limit", type=int, help="work units per chunk (block runs weighed by instructions "
                                                        "and lanes) before a loop counts as runaway")
    command.add_argument("--out", metavar="DIR", help="write every buffer's contents after the dispatch here")
    command.set_defaults(handler=run_command)
    return command


def _argument_error(message: str) -> Exception:
    from dxlinalg.spirv.errors import SpirvArgumentError

    return SpirvArgumentError(message)


def _read_array(path: Path, what: str) -> np.ndarray | bytes:
    if not path.is_file():
        raise _argument_error(f"{what}: file {str(path)!r} does not exist")
    if path.suffix == ".npy":
        try:
            return np.load(path, allow_pickle=False)
        except ValueError as error:
            raise _argument_error(f"{what}: {path} is not a plain .npy array ({error})") from None
    return path.read_bytes()


def parse_buffer(text: str) -> tuple[tuple[int, ...], Path]:
    """'0:1=data.npy' -> ((0, 1), Path('data.npy')); '0:1[2]=data.npy' -> ((0, 1, 2), ...) (descriptor array)."""
    binding, separator, file = text.partition("=")
    descriptor_set, colon, slot = binding.partition(":")
    slot, bracket, element = slot.partition("[")
    numbers = [descriptor_set, slot] + ([element[:-1]] if bracket else [])
    if not separator or not colon or not file or (bracket and not element.endswith("]")) or \
            not all(n.strip().isdigit() for n in numbers):
        raise _argument_error(f"--buffer {text!r}: write SET:BINDING=FILE, e.g. 0:1=data.npy, or "
                              f"SET:BINDING[ELEMENT]=FILE for an element of a descriptor array, e.g. 0:1[2]=data.npy")
    return tuple(int(n) for n in numbers), Path(file)


def _describe(key: tuple[int, ...]) -> str:
    return f"set {key[0]} binding {key[1]}" + (f" element {key[2]}" if len(key) == 3 else "")


def parse_spec(text: str) -> tuple[int, object]:
    """'3=1.5' -> (3, 1.5); values are integers (also 0x...), floats, true or false."""
    spec_id, separator, raw = text.partition("=")
    if not separator or not spec_id.strip().isdigit():
        raise _argument_error(f"--spec {text!r}: write ID=VALUE, e.g. 0=64 or 2=true")
    value = raw.strip()
    if value.lower() in ("true", "false"):
        return int(spec_id), value.lower() == "true"
    try:
        return int(spec_id), int(value, 0)
    except ValueError:
        pass
    try:
        return int(spec_id), float(value)
    except ValueError:
        raise _argument_error(f"--spec {text!r}: {value!r} is not an integer, a float, true or false") from None


def run_command(args: argparse.Namespace) -> int:
    from dxlinalg.spirv import run

    buffers: dict[tuple[int, ...], Any] = {}
    suffixes: dict[tuple[int, ...], str] = {}
    for text in args.buffer:
        key, path = parse_buffer(text)
        if key in buffers:
            raise _argument_error(f"--buffer {text!r}: {_describe(key)} is given twice")
        buffers[key] = _read_array(path, f"--buffer {text}")
        suffixes[key] = ".npy" if path.suffix == ".npy" else ".bin"
    push = None
    if args.push_constants:
        data = _read_array(Path(args.push_constants), "--push-constants")
        push = data.tobytes() if isinstance(data, np.ndarray) else data
    spec = dict(parse_spec(text) for text in args.spec)
    options: dict[str, Any] = {}
    if args.step_limit is not None:
        options["step_limit"] = args.step_limit
    if args.work_limit is not None:
        options["work_limit"] = args.work_limit
    results = run(Path(args.module), entry_point=args.entry_point, groups=tuple(args.groups),  # type: ignore[arg-type]
                  buffers=buffers, push_constants=push, spec_constants=spec, profile=args.profile,
                  strict=not args.permissive, **options)
    out = Path(args.out) if args.out else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    groups = " x ".join(str(g) for g in args.groups)
    print(f"{args.module}: {args.entry_point} ran over {groups} workgroups on profile {args.profile}")
    for key in sorted(results):
        data = results[key]
        line = f"  {_describe(key)}: {data.nbytes} bytes"
        if out is not None:
            element = f"_element{key[2]}" if len(key) == 3 else ""
            target = out / f"set{key[0]}_binding{key[1]}{element}{suffixes[key]}"
            if suffixes[key] == ".npy":
                np.save(target, data)
            else:
                target.write_bytes(data.tobytes())
            line += f" -> {target}"
        print(line)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m dxlinalg.commands.spirv ...`: the same command without the console script."""
    from dxlinalg.errors import DxLinalgError

    parser = argparse.ArgumentParser(prog="dxlinalg")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["spirv", *(sys.argv[1:] if argv is None else argv)])
    try:
        return int(args.handler(args))
    except (DxLinalgError, OSError, ValueError) as error:
        print(f"dxlinalg spirv: error: {str(error).splitlines()[0]}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
