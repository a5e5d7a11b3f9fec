"""GPU probe for the MLIR kernel corpus: run every IREE module of hardware/nvidia-h100/mlir/vmfb/ on the committed
inputs and save what the GPU returned.

Why: the emulator's `dxlinalg.mlir.run` runs the nvgpu-level kernels of dxlinalg/samples/mlir/; each vmfb here was compiled
from the same source with the same target and options (tools/build_mlir_kernels.py), so the GPU runs the PTX of the
very dispatch that was dumped. The outputs become the ground truth in tests/data/mlir/gpu/.

Usage: python probe.py OUT_DIR [--driver cuda] [--vmfb-dir DIR] [--repeat 2] [--run-module PATH]
With --run-module (the path of iree-run-module) every kernel runs through that command-line tool instead of the
Python API: the GPU machine runs both, so a broken Python binding still leaves results.
Needs numpy and iree-base-runtime (the GPU machine gets the wheel carried: hardware/devrun/mlir-kernels/run.sh). Each kernel
and input set is run on its own: a failure is logged and the others still run. Writes
OUT_DIR/<kernel>/<set>/binding<N>.npy, OUT_DIR/results.json (per run: status, repeat equality, seconds) and
OUT_DIR/device.json (driver, devices, versions).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
import traceback
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
MANIFEST = ROOT / "dxlinalg" / "samples" / "mlir" / "manifest.json"
INPUTS = ROOT / "tests" / "data" / "mlir" / "inputs"


def log(message: str) -> None:
    print(message, flush=True)


def device_info(driver_name: str) -> dict[str, object]:
    import iree.runtime as ireert

    info: dict[str, object] = {"python": sys.version, "platform": platform.platform(), "numpy": np.__version__}
    try:
        from iree.runtime import version as iree_version
        info["iree_runtime"] = getattr(iree_version, "VERSION", "?")
    except Exception as error:  # noqa: BLE001 - the version is informative only
        info["iree_runtime"] = f"unknown: {error}"
    info["drivers"] = ireert.query_available_drivers()
    try:
        driver = ireert.get_driver(driver_name)
        info["devices"] = [dict(d) if isinstance(d, dict) else str(d) for d in driver.query_available_devices()]
    except Exception as error:  # noqa: BLE001
        info["devices"] = f"error: {error}"
    return info


def program_arguments(entry: dict, input_set: str) -> list[np.ndarray]:
    """The inputs (stored by binding, in the binding's shape) in the shapes of the program function's arguments."""
    reads = [b for b in entry["bindings"] if b["access"] == "read"]
    shapes = [a["shape"] for a in entry["program_signature"]["arguments"]]
    return [np.load(INPUTS / entry["name"] / input_set / f"binding{b['binding']}.npy").reshape(shape)
            for b, shape in zip(reads, shapes, strict=True)]


def run_kernel(entry: dict, input_set: str, driver: str, vmfb_dir: Path, out_dir: Path, repeat: int) -> dict:
    import iree.runtime as ireert

    name = entry["name"]
    vmfb = vmfb_dir / f"{name}.vmfb"
    (write,) = [b for b in entry["bindings"] if b["access"] == "write"]
    args = program_arguments(entry, input_set)
    module = ireert.load_vm_flatbuffer_file(str(vmfb), driver=driver)
    function = getattr(module, entry["program_function"])
    outputs, seconds = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        result = function(*args)
        host = np.asarray(result.to_host() if hasattr(result, "to_host") else result).reshape(write["shape"])
        seconds.append(time.perf_counter() - start)
        outputs.append(host)
    first = outputs[0]
    target = out_dir / name / input_set / f"binding{write['binding']}.npy"
    target.parent.mkdir(parents=True, exist_ok=True)
    np.save(target, first)
    return {"kernel": name, "set": input_set, "status": "ok", "dtype": str(first.dtype), "shape": list(first.shape),
            "repeats_equal": all(o.tobytes() == first.tobytes() for o in outputs), "seconds": seconds,
            "output": str(target.relative_to(out_dir))}


def run_kernel_cli(entry: dict, input_set: str, device: str, vmfb_dir: Path, out_dir: Path, repeat: int,
                   run_module: str) -> dict:
    import subprocess

    name = entry["name"]
    (write,) = [b for b in entry["bindings"] if b["access"] == "write"]
    target = out_dir / name / input_set / f"binding{write['binding']}.npy"
    target.parent.mkdir(parents=True, exist_ok=True)
    staged = []
    for index, values in enumerate(program_arguments(entry, input_set)):   # the program's shapes, for the tool
        staged.append(target.parent / f"program_input{index}.npy")
        np.save(staged[-1], values)
    outputs, seconds = [], []
    try:
        for attempt in range(repeat):
            path = target if attempt == 0 else target.with_suffix(f".repeat{attempt}.npy")
            command = [run_module, f"--device={device}", f"--module={vmfb_dir / (name + '.vmfb')}",
                       f"--function={entry['program_function']}", *[f"--input=@{p}" for p in staged],
                       f"--output=@{path}"]
            start = time.perf_counter()
            done = subprocess.run(command, capture_output=True, text=True, timeout=120)
            seconds.append(time.perf_counter() - start)
            if done.returncode != 0:
                raise RuntimeError(f"iree-run-module rc={done.returncode}: {done.stderr[-2000:]}")
            outputs.append(np.load(path).reshape(write["shape"]))
            if attempt:
                path.unlink()
    finally:
        for path in staged:
            path.unlink(missing_ok=True)
    first = outputs[0]
    np.save(target, first)
    return {"kernel": name, "set": input_set, "status": "ok", "runner": "iree-run-module", "dtype": str(first.dtype),
            "shape": list(first.shape), "repeats_equal": all(o.tobytes() == first.tobytes() for o in outputs),
            "seconds": seconds, "output": str(target.relative_to(out_dir))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--driver", default="cuda")
    parser.add_argument("--vmfb-dir", type=Path, default=HERE / "vmfb")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--run-module", help="run through this iree-run-module binary instead of the Python API")
    args = parser.parse_args(argv)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    try:
        info = {"runner": "iree-run-module"} if args.run_module else device_info(args.driver)
    except Exception as error:  # noqa: BLE001
        info = {"error": repr(error)}
    (args.out_dir / "device.json").write_text(json.dumps(info, indent=1, default=str) + "\n")
    log(f"device: {json.dumps(info, default=str)}")
    results = []
    for entry in json.loads(MANIFEST.read_text())["kernels"]:
        if not entry.get("vmfb"):          # an upstream-form kernel: no IREE module, its same_as kernel runs instead
            continue
        for set_dir in sorted((INPUTS / entry["name"]).iterdir()):
            try:
                if args.run_module:
                    result = run_kernel_cli(entry, set_dir.name, args.driver, args.vmfb_dir, args.out_dir, args.repeat,
                                            args.run_module)
                else:
                    result = run_kernel(entry, set_dir.name, args.driver, args.vmfb_dir, args.out_dir, args.repeat)
            except Exception as error:  # noqa: BLE001 - one failing kernel must not stop the others
                result = {"kernel": entry["name"], "set": set_dir.name, "status": "error", "error": repr(error),
                          "traceback": traceback.format_exc()}
            log(json.dumps({k: v for k, v in result.items() if k != "traceback"}))
            results.append(result)
    (args.out_dir / "results.json").write_text(json.dumps(results, indent=1) + "\n")
    failed = [r for r in results if r["status"] != "ok"]
    log(f"{len(results) - len(failed)} ok, {len(failed)} failed")
    return 0 if not failed else 1


if __name__ == "__main__":
    raise SystemExit(main())
