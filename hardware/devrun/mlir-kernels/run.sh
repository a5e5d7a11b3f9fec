#!/usr/bin/env bash
# GPU probe of the MLIR kernel corpus (issue 21): runs hardware/nvidia-h100/mlir/vmfb/*.vmfb (IREE 3.13, CUDA sm_80
# PTX) on the committed inputs tests/data/mlir/inputs/ with iree-base-runtime's CUDA driver and writes the outputs
# to $RES/gpu/<kernel>/<set>/binding<N>.npy, plus $RES/results.json, $RES/device.json, $RES/nvidia-smi.txt, $RES/log.txt.
# Needs: python3 with numpy and ml_dtypes (the device image has both), the carried wheel
# devrun-carry/iree_base_runtime-3.13.0-cp312-abi3-manylinux_2_28_x86_64.whl. Runs well under a minute.
set -u
cd "$(dirname "$0")/../../.."
RES=${RES:-/tmp/res/mlir-kernels}
mkdir -p "$RES"
exec > >(tee -a "$RES/log.txt") 2>&1
echo "== mlir-kernels probe $(date -u +%FT%TZ) in $(pwd)"
git_rev=$(cat .git-commit 2>/dev/null || true); echo "commit file: ${git_rev:-none}"
nvidia-smi > "$RES/nvidia-smi.txt" 2>&1 || echo "nvidia-smi failed"
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv >> "$RES/nvidia-smi.txt" 2>&1 || true
PY=${PY:-python3}
$PY -c "import numpy, ml_dtypes; print('numpy', numpy.__version__, 'ml_dtypes', ml_dtypes.__version__)" || echo "numpy/ml_dtypes missing"
ls -la devrun-carry/ 2>&1
SITE=/tmp/mlir-kernels-site
rm -rf "$SITE"
if $PY -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target "$SITE" devrun-carry/iree_base_runtime-*.whl; then
  export PYTHONPATH="$SITE${PYTHONPATH:+:$PYTHONPATH}"
else
  echo "pip install of the iree-base-runtime wheel failed"
fi
$PY -c "import iree.runtime as r; print('iree drivers', r.query_available_drivers())" || echo "iree.runtime import failed"
RUNMOD="$SITE/iree/_runtime_libs/iree-run-module"
if [ -x "$RUNMOD" ]; then
  "$RUNMOD" --list_devices > "$RES/iree-devices.txt" 2>&1 || echo "iree-run-module --list_devices rc=$?"
  cat "$RES/iree-devices.txt"
fi
# the probe itself: every kernel and input set on its own (a failure is logged, the others still run)
timeout 180 $PY hardware/nvidia-h100/mlir/probe.py "$RES/gpu" --driver cuda --repeat 3 || echo "probe rc=$?"
# every kernel again through iree-run-module: a cross-check of the Python API path (and results if it breaks)
if [ -x "$RUNMOD" ]; then
  timeout 180 $PY hardware/nvidia-h100/mlir/probe.py "$RES/gpu_cli" --driver cuda --repeat 2 --run-module "$RUNMOD" \
    || echo "cli probe rc=$?"
fi
$PY - "$RES" <<'PYEOF' || true
import json, sys, pathlib, numpy as np
res = pathlib.Path(sys.argv[1])
for f in sorted((res / "gpu").rglob("binding*.npy")):
    g = res / "gpu_cli" / f.relative_to(res / "gpu")
    print(f.relative_to(res), "python API == iree-run-module:", g.exists() and np.load(f).tobytes() == np.load(g).tobytes())
PYEOF
echo "== done $(date -u +%FT%TZ)"
