#!/usr/bin/env python3
"""The H100 SPIR-V probe's driver: write the run folder, then read the GPU's dumps back.

  probe.py jobs RUN_DIR [--batch N] [--smoke]  cases, inputs, job file, modules and vkrun.c into RUN_DIR
  probe.py record RUN_DIR DUMP_DIR DATA_DIR [--batch N] check the run's inputs against the cases, write the matrix-vector
                                           record DATA_DIR/matvec.npz (+ run log, module hashes, job file)
  probe.py matvec DUMP_DIR DATA_DIR        decode the matrix-vector runs, compare with the emulator
                                           and the candidate models; write DATA_DIR/matvec.npz
  probe.py mlp DUMP_DIR DATA_DIR           the MLP runs against dxlinalg/samples/mlp_inference.py on
                                           nvidia-h100; write DATA_DIR/mlp.npz and the attribution
  probe.py training-jobs RUN_DIR           the training modules' run folder (training.py): builds
                                           mlp_training_trace.spv and training_probe_*.spv first
  probe.py training DUMP_DIR DATA_DIR [FOLLOWUP_DUMP_DIR]
                                           the training runs against the emulator on nvidia-h100
                                           (and the follow-up run's partial-wave probe); write
                                           DATA_DIR/training.npz and training.tsv

Run from the repository root with dxlinalg's Python and PYTHONPATH=. (the MLP inputs come from
dxlinalg/samples/mlp_inference.py). README.md beside this file has the whole procedure.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    jobs = commands.add_parser("jobs")
    jobs.add_argument("run_dir", type=Path)
    jobs.add_argument("--smoke", action="store_true", help="one small matvec run and the FP16 MLP only")
    jobs.add_argument("--batch", type=int, default=1, help="which device run's jobs (cases.PROBE_RUNS)")
    record = commands.add_parser("record")
    for argument in ("run_dir", "dump_dir", "data_dir"):
        record.add_argument(argument, type=Path)
    record.add_argument("--batch", type=int, default=1)
    training_jobs = commands.add_parser("training-jobs")
    training_jobs.add_argument("run_dir", type=Path)
    for name in ("matvec", "mlp", "training"):
        command = commands.add_parser(name)
        command.add_argument("dump_dir", type=Path)
        command.add_argument("data_dir", type=Path)
        if name == "training":
            command.add_argument("followup", type=Path, nargs="?")
    args = parser.parse_args(argv)
    if args.command == "jobs":
        from jobs import write_all

        write_all(args.run_dir, batch=args.batch, smoke=args.smoke)
    elif args.command == "record":
        from record import record_matvec

        record_matvec(args.run_dir, args.dump_dir, args.data_dir, args.batch)
    elif args.command == "training-jobs":
        from training import HERE, build_modules, write_folder

        build_modules(HERE / "build" / "spv_training")
        write_folder(args.run_dir, HERE / "build" / "spv_training")
    elif args.command == "training":
        from analyse_training import analyse

        analyse(args.dump_dir, args.data_dir, args.followup)
    elif args.command == "matvec":
        from analyse_matvec import analyse

        analyse(args.dump_dir, args.data_dir)
    else:
        from analyse_mlp import analyse

        analyse(args.dump_dir, args.data_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
