"""The `dxlinalg` console script: demo, features, conformance, convert, profile, spirv.

Errors are one line on stderr, `dxlinalg COMMAND: error: ...`, exit code 2; `main` is the one place
that prints them (argparse's usage errors too: commands.arguments.OneLineArgumentParser). A
`--profile` is loaded before the command runs, so a bad profile reads the same in every command (the
loader words it: dxlinalg.profile.errors.ProfileError). Ctrl-C exits with 130 and a closed output
pipe with 141, quietly, as shell tools do.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from dxlinalg import __version__
from dxlinalg.commands.arguments import OneLineArgumentParser, ascii_int, exit_code_for_interrupt
from dxlinalg.commands.mlir import register as register_mlir
from dxlinalg.commands.spirv import register as register_spirv
from dxlinalg.profile.registry import DEFAULT_PROFILE, builtin_profile_names, load_profile


DESCRIPTION = """\
Reference emulator, in Python, of the GPU linear-algebra hardware neural shading uses, one numpy
semantics under every surface:
  - HLSL/DXIL Shader Model 6.9 cooperative vectors (dx::linalg) with a mock D3D12 device
  - SPIR-V compute modules (cooperative vectors, cooperative matrices with tensor addressing)
    and the Vulkan host calls
  - MLIR kernels with nvgpu's warp-level ops (mma.sync, ldmatrix, async copies)"""


def _demo(args: argparse.Namespace) -> int:
    from dxlinalg.commands.demo import run_demo

    return run_demo(profile=args.profile, out=args.out)


def _features(args: argparse.Namespace) -> int:
    from dxlinalg.commands.features import run_features

    return run_features(args.profile, args.json)


def _conformance(args: argparse.Namespace) -> int:
    from dxlinalg.conformance import run_conformance_cli

    profiles = builtin_profile_names() if args.all else args.profile
    if args.json is not None:
        from dxlinalg.commands.atomic_output import check_output_file

        check_output_file(args.json, "--json")      # before the suite runs, not after
    shader_models = ("6.9", "6.10") if args.shader_model == "all" else (args.shader_model,)
    return run_conformance_cli(profiles, args.json, args.progress, quick=args.quick,
                               failures_only=args.failures_only, verbose=args.verbose, shader_models=shader_models)


def _convert(args: argparse.Namespace) -> int:
    from dxlinalg.commands.convert import run_convert

    return run_convert(args.input, args.rows, args.cols, args.from_type, args.from_layout, args.to_type,
                       args.to_layout, args.stride, args.dest_stride, args.profile, args.out,
                       allow_missing_sidecar=args.allow_missing_sidecar)


def _profile_check(args: argparse.Namespace) -> int:
    from dxlinalg.commands.profile import run_profile_check

    return run_profile_check(args.file)


def _profile_show(args: argparse.Namespace) -> int:
    from dxlinalg.commands.profile import run_profile_show

    return run_profile_show(args.name)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineArgumentParser(
        prog="dxlinalg", formatter_class=argparse.RawDescriptionHelpFormatter,
        description=DESCRIPTION, epilog="docs/index.md maps every surface; docs/cli.md describes the commands.")
    parser.add_argument("--version", action="version", version=f"dxlinalg {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    profile_help = f"built-in profile ({', '.join(builtin_profile_names())}, any case) or a profile JSON file"

    demo = sub.add_parser("demo", help="run the neural-shading sample: inference and a short training")
    demo.add_argument("--profile", default=DEFAULT_PROFILE, help=profile_help)
    demo.add_argument("--out", default="out", help="folder for the images the demo writes (default: out)")
    demo.set_defaults(handler=_demo)

    features = sub.add_parser("features", help="tier and property tables as CheckFeatureSupport reports them")
    features.add_argument("--profile", default=DEFAULT_PROFILE, help=profile_help)
    features.add_argument("--json", action="store_true", help="print JSON instead of tables")
    features.set_defaults(handler=_features)

    conformance = sub.add_parser("conformance", help="run the minimum-support-set conformance suite")
    which = conformance.add_mutually_exclusive_group()
    which.add_argument("--profile", action="append", help=f"{profile_help}; repeat it to test several "
                                                           f"(default {DEFAULT_PROFILE})")
    which.add_argument("--all", action="store_true", help="every built-in profile")
    conformance.add_argument("--shader-model", choices=("6.9", "6.10", "all"), default="6.9",
                             help="the suite: 6.9 cooperative vectors (default), the 6.10 linear-algebra Tier 1 "
                                  "host cases (a device created for SM 6.10), or all")
    conformance.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    conformance.add_argument("--progress", action="store_true", help="show progress even when not on a terminal")
    conformance.add_argument("--quick", action="store_true", help="a representative subset (about a third)")
    conformance.add_argument("--failures-only", action="store_true", help="print only the failing cases")
    conformance.add_argument("--verbose", action="store_true", help="the traceback of an exception inside a device")
    conformance.set_defaults(handler=_conformance)

    convert = sub.add_parser("convert", help="convert a weight matrix file between layouts and types")
    convert.add_argument("input", help=".npy (the logical matrix, no pickles) or raw bytes in --from-layout")
    convert.add_argument("--rows", type=ascii_int, help="rows (raw input without a sidecar)")
    convert.add_argument("--cols", type=ascii_int, help="columns (raw input without a sidecar)")
    convert.add_argument("--from-type", required=True, help="FLOAT32, FLOAT16, E4M3, E5M2, SINT8, UINT8, ...")
    convert.add_argument("--from-layout", default="ROW_MAJOR",
                         help="ROW_MAJOR, COLUMN_MAJOR, MUL_OPTIMAL, OUTER_PRODUCT_OPTIMAL (default ROW_MAJOR)")
    convert.add_argument("--to-type", required=True)
    convert.add_argument("--to-layout", required=True)
    convert.add_argument("--stride", type=ascii_int, help="source stride in bytes (strided layouts; default tight)")
    convert.add_argument("--dest-stride", type=ascii_int,
                         help="destination stride (strided layouts; default one row rounded up to 16)")
    convert.add_argument("--profile", default=DEFAULT_PROFILE, help=profile_help)
    convert.add_argument("--out", help="write the destination bytes (raw, with a FILE.meta.json sidecar) or "
                                       "matrix (.npy)")
    convert.add_argument("--allow-missing-sidecar", action="store_true",
                         help="read optimal-layout input bytes that have no sidecar as --profile's layout")
    convert.set_defaults(handler=_convert)

    profile = sub.add_parser("profile", help="check a profile file, or show a profile with every default filled in",
                             description="Device profiles: docs/profiles.md describes the format.")
    actions = profile.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = actions.add_parser("check", help="validate a profile: 'FILE: ok (profile NAME)' or a one-line error")
    check.add_argument("file", metavar="FILE", help="a profile JSON file (or a built-in name)")
    check.set_defaults(handler=_profile_check)
    show = actions.add_parser("show", help="print a profile as JSON, every default filled in")
    show.add_argument("name", metavar="NAME", help=profile_help)
    show.set_defaults(handler=_profile_show)

    register_spirv(sub)
    register_mlir(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 0
    from d3d12api import D3D12Error
    from dxlinalg.errors import DxLinalgError
    from dxlinalg.memory.host_allocator import retain_freed_memory

    retain_freed_memory()        # our own process: large temporaries reuse warm pages

    try:
        profiles = getattr(args, "profile", None)
        for profile in profiles if isinstance(profiles, list) else [profiles]:  # conformance takes several
            if profile is not None:
                load_profile(profile)   # a bad profile fails here, before any work, in one line
        return args.handler(args)
    except (KeyboardInterrupt, BrokenPipeError) as interrupt:   # before OSError: a closed pipe is not an error
        return exit_code_for_interrupt(interrupt)
    except (DxLinalgError, D3D12Error, OSError) as error:
        print(f"dxlinalg {args.command}: error: {str(error).splitlines()[0]}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
