#!/bin/bash
# issue 22, "Every core used": the parallel dispatch layer's scaling on the 16-core GPU host (its CPUs only), after
# branch speed-parallel (work-based size threshold, copy-on-write dispatch file, dense range writes).
# Runs `python -m benchmarks --only P1 --jobs 1,2,4,8,16` for W1, S1, W5, C2, L1, L2, L3 (our side of the lavapipe
# rows; lavapipe is not needed), in three calls so that one timeout loses one group of rows, then the start-up
# threshold probe (`python -m benchmarks.parallel_threshold --jobs 16`), each under a timeout; about 4 minutes at most.
# QUICK=1 runs the small sizes and PY=... picks the interpreter (a local check of the script). Needs python3 with numpy, ml_dtypes, pydantic (the image's python3 and the lead's /tmp/site); no carry.
RES=${RES:-/tmp/res/speed-parallel}
mkdir -p "$RES"
LOG="$RES/log.txt"
cd "$(dirname "$0")/../../.." || exit 0
PY=${PY:-python3}
export PYTHONPATH="${PYTHONPATH:+$PYTHONPATH:}$PWD" PYTHONUNBUFFERED=1
{
  echo "== $(date -u) on $(hostname), $(nproc) cores, commit $(cat .git-commit 2>/dev/null || echo unknown)"
  $PY -c "import sys, numpy, ml_dtypes, pydantic; print(sys.version, 'numpy', numpy.__version__, 'ml_dtypes', ml_dtypes.__version__, 'pydantic', pydantic.VERSION)"
  $PY -c "import numpy; numpy.show_config()" 2>&1 | grep -iA3 "blas" | head -8
  uptime
} >>"$LOG" 2>&1

p1() {   # $1: label, $2: rows, $3: timeout (s)
  echo "== P1 $2 $(date -u)" >>"$LOG"
  timeout "$3" $PY -m benchmarks --only P1 --jobs 1,2,4,8,16 --rows "$2" ${QUICK:+--quick} --json "$RES/p1-$1.json" \
    >"$RES/p1-$1.txt" 2>>"$LOG" || echo "P1 $2 exit status $?" >>"$LOG"
}
p1 mlp W1,S1,W5,C2 85
p1 l13 L1,L3 50
p1 l2 L2 70
echo "== threshold $(date -u)" >>"$LOG"
timeout 30 $PY -m benchmarks.parallel_threshold --jobs 16 >"$RES/threshold.txt" 2>>"$LOG" \
  || echo "threshold exit status $?" >>"$LOG"
echo "== done $(date -u)" >>"$LOG"
exit 0
