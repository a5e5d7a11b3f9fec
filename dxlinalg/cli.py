"""The `dxlinalg` console script."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from dxlinalg import __version__
from dxlinalg.profile.registry import DEFAULT_PROFILE, builtin_profile_names


def _demo(args: argparse.Namespace) -> int:
    from dxlinalg.demo import run_demo

    return run_demo(profile=args.profile, out=args.out)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dxlinalg",
        description="Reference emulator of the SM 6.9 cooperative-vector intrinsics and D3D12 API.")
    parser.add_argument("--version", action="version", version=f"dxlinalg {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    demo = sub.add_parser("demo", help="run the demo application on a device profile")
    demo.add_argument("--profile", default=DEFAULT_PROFILE,
                      help=f"built-in profile ({', '.join(builtin_profile_names())}) or a .json file")
    demo.add_argument("--out", default="out", help="folder for the files the demo writes")
    demo.set_defaults(handler=_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 0
    try:
        return args.handler(args)
    except Exception as error:  # one-line errors for users; tracebacks only when asked
        from dxlinalg.errors import DxLinalgError

        if isinstance(error, DxLinalgError):
            print(f"dxlinalg: error: {error}", file=sys.stderr)
            return 2
        raise


if __name__ == "__main__":
    sys.exit(main())
