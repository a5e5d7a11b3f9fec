"""`dxlinalg mlir`: run an MLIR GPU kernel from files, through `dxlinalg.mlir.run`.

    dxlinalg mlir kernel.mlir --entry matmul --buffer 0=a.npy --buffer 1=b.npy --buffer 2=c.npy \
        --workgroups 16 1 1 [--block-size 128 1 1] --out results

BINDING is the binding number (IREE dispatch functions) or the argument position (kernels with arguments). A buffer
file is a `.npy` array (no pickled objects) or raw bytes (any other name); after the run each buffer is written to
`--out` as `buffer{N}.npy` or `.bin`, like its input. Errors are one line (exit status 2) and nothing is written.
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
    """Add the `mlir` command to the console script's subcommands."""
    command = subparsers.add_parser("mlir", help="run an MLIR GPU kernel (.mlir text) on the simulated GPU")
    command.add_argument("kernel", help="the MLIR file")
    command.add_argument("--entry", required=True, help="the function to run")
    command.add_argument("--workgroups", nargs=3, type=int, metavar=("X", "Y", "Z"),
                         help="workgroups to dispatch (default: an IREE kernel's static count, else 1 1 1)")
    command.add_argument("--block-size", nargs=3, type=int, metavar=("X", "Y", "Z"),
                         help="threads per workgroup, when the kernel declares no known block size")
    command.add_argument("--buffer", action="append", default=[], metavar="BINDING=FILE",
                         help="bind a buffer (binding number or argument position): a .npy array or raw bytes")
    command.add_argument("--constants", nargs="+", type=int, metavar="WORD",
                         help="push constants (32-bit words) the kernel reads with hal.interface.constant.load")
    command.add_argument("--profile", default=DEFAULT_PROFILE,
                         help=f"built-in profile ({', '.join(builtin_profile_names())}) or a profile .json file")
    command.add_argument("--permissive", action="store_true",
                         help="do what some hardware might instead of reporting undefined behaviour")
    command.add_argument("--out", metavar="DIR", help="write every buffer's contents after the run here")
    command.set_defaults(handler=run_command)
    return command


def _argument_error(message: str) -> Exception:
    from dxlinalg.mlir.errors import MlirArgumentError

    return MlirArgumentError(message)


def parse_buffer(text: str) -> tuple[int, Path]:
    """'2=c.npy' -> (2, Path('c.npy'))."""
    key, separator, file = text.partition("=")
    if not separator or not file or not key.strip().isdigit():
        raise _argument_error(f"--buffer {text!r}: write BINDING=FILE, e.g. 0=a.npy")
    return int(key), Path(file)


def _read(path: Path, what: str) -> np.ndarray | bytes:
    if not path.is_file():
        raise _argument_error(f"{what}: file {str(path)!r} does not exist")
    if path.suffix == ".npy":
        try:
            return np.load(path, allow_pickle=False)
        except ValueError as error:
            raise _argument_error(f"{what}: {path} is not a plain .npy array ({error})") from None
    return path.read_bytes()


def run_command(args: argparse.Namespace) -> int:
    from dxlinalg.mlir import run

    buffers: dict[int, Any] = {}
    suffixes: dict[int, str] = {}
    for text in args.buffer:
        key, path = parse_buffer(text)
        if key in buffers:
            raise _argument_error(f"--buffer {text!r}: binding {key} is given twice")
        data = _read(path, f"--buffer {text}")
        buffers[key] = np.frombuffer(data, np.uint8).copy() if isinstance(data, bytes) else data
        suffixes[key] = ".npy" if path.suffix == ".npy" else ".bin"
    kernel = Path(args.kernel)
    if not kernel.is_file():
        raise _argument_error(f"kernel file {args.kernel!r} does not exist")
    results = run(kernel.read_text(), args.entry, tuple(args.workgroups) if args.workgroups else None, buffers,  # type: ignore[arg-type]
                  tuple(args.block_size) if args.block_size else None, args.profile,  # type: ignore[arg-type]
                  not args.permissive, constants=args.constants)
    out = Path(args.out) if args.out else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    grid = " x ".join(map(str, args.workgroups)) if args.workgroups else "the kernel's"
    print(f"{args.kernel}: @{args.entry} ran over {grid} workgroups on profile {args.profile}")
    for key in sorted(results):
        data = results[key]
        line = f"  buffer {key}: {np.asarray(data).nbytes} bytes"
        if out is not None:
            target = out / f"buffer{key}{suffixes[key]}"
            if suffixes[key] == ".npy":
                np.save(target, data)
            else:
                target.write_bytes(np.asarray(data).tobytes())
            line += f" -> {target}"
        print(line)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m dxlinalg.commands.mlir ...`: the same command without the console script."""
    from dxlinalg.errors import DxLinalgError

    parser = argparse.ArgumentParser(prog="dxlinalg")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["mlir", *(sys.argv[1:] if argv is None else argv)])
    try:
        return int(args.handler(args))
    except (DxLinalgError, OSError, ValueError) as error:
        print(f"dxlinalg mlir: error: {str(error).splitlines()[0]}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
