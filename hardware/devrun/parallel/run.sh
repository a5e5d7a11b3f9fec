#!/bin/bash
# issue 22, "Every core used": the parallel dispatch layer's scaling on the 16-core GPU host (its CPUs only).
# Runs `python -m benchmarks --only P1 --jobs 1,2,4,8,16` (W1, S1, W5, C2: one dispatch over 1..16 forked workers,
# every output compared with the serial run's bytes) and the start-up threshold probe
# (`python -m benchmarks.parallel_threshold --jobs 16`), each under a timeout; writes the tables to $RES.
# Needs python3 with numpy (the image's); pydantic and ml_dtypes come as wheels in devrun-carry/.
RES=${RES:-/tmp/res/parallel}
mkdir -p "$RES"
LOG="$RES/log.txt"
cd "$(dirname "$0")/../../.." || exit 0
{
  echo "== $(date -u) on $(hostname), $(nproc) cores"
  PY=python3
  if ls devrun-carry/*.whl >/dev/null 2>&1; then
    $PY -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/parallel-site \
      devrun-carry/*.whl && export PYTHONPATH=/tmp/parallel-site
  fi
  export PYTHONPATH="${PYTHONPATH:+$PYTHONPATH:}$PWD" PYTHONUNBUFFERED=1
  $PY -c "import sys, numpy, ml_dtypes, pydantic; print(sys.version, 'numpy', numpy.__version__, 'ml_dtypes', ml_dtypes.__version__, 'pydantic', pydantic.VERSION)"
  $PY -c "import numpy; numpy.show_config()" 2>&1 | grep -iA3 "blas" | head -8
} >>"$LOG" 2>&1

echo "== P1 scaling $(date -u)" >>"$LOG"
timeout 140 python3 -m benchmarks --only P1 --jobs 1,2,4,8,16 --json "$RES/p1.json" >"$RES/p1.txt" 2>>"$LOG" \
  || echo "P1 exit status $?" >>"$LOG"
echo "== threshold $(date -u)" >>"$LOG"
timeout 55 python3 -m benchmarks.parallel_threshold --jobs 16 >"$RES/threshold.txt" 2>>"$LOG" \
  || echo "threshold exit status $?" >>"$LOG"
echo "== threshold, 4 jobs $(date -u)" >>"$LOG"
timeout 35 python3 -m benchmarks.parallel_threshold --jobs 4 >"$RES/threshold4.txt" 2>>"$LOG" \
  || echo "threshold (4 jobs) exit status $?" >>"$LOG"
echo "== done $(date -u)" >>"$LOG"
exit 0
