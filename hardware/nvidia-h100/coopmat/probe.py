#!/usr/bin/env python3
"""The cooperative-matrix probe's driver (README.md beside this file has the whole procedure).

  probe.py build [OUT]                       compile and validate the modules (default build/spv)
  probe.py jobs RUN_DIR                      the run folder (modules, job files, input generator)
  probe.py selfcheck RUN_DIR DUMP_DIR        a fake run (simulate.py) decoded: the decoders find what was put in
  probe.py record DATA_DIR RUN_DIR DUMP_DIR [RUN_DIR DUMP_DIR ...]
                                             check the inputs' hashes, decode every run, write the data files
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build")
    build.add_argument("out", type=Path, nargs="?", default=HERE / "build" / "spv")
    jobs = commands.add_parser("jobs")
    jobs.add_argument("run_dir", type=Path)
    jobs.add_argument("--spv", type=Path, default=HERE / "build" / "spv")
    jobs.add_argument("--batch", type=int, default=1, help="1: the first device run, 2: the follow-up (runs.followup_runs)")
    selfcheck = commands.add_parser("selfcheck")
    selfcheck.add_argument("run_dir", type=Path)
    selfcheck.add_argument("dump_dir", type=Path)
    record = commands.add_parser("record")
    record.add_argument("data_dir", type=Path)
    record.add_argument("pairs", type=Path, nargs="+", help="RUN_DIR DUMP_DIR of each device run")
    args = parser.parse_args(argv)
    if args.command == "build":
        import build as build_module

        return build_module.main([str(args.out)])
    if args.command == "jobs":
        from jobs import write_folder

        write_folder(args.run_dir, args.spv, args.batch)
    elif args.command == "selfcheck":
        from selfcheck import selfcheck

        return selfcheck(args.run_dir, args.dump_dir)
    else:
        from record import record as write_record

        if len(args.pairs) % 2:
            parser.error("record needs RUN_DIR DUMP_DIR pairs")
        write_record(list(zip(args.pairs[::2], args.pairs[1::2])), args.data_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
