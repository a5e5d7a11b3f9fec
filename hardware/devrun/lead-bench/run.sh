#!/bin/bash
# The SM 6.10 benchmark rows on a quiet machine (the 16-core GPU host's CPUs; the GPU is not used):
# W6 (6.10 inference vs the 6.9 path, goal <= 1.2x) and C3 (wave-scope GEMM 512^3 vs numpy), once with every
# core (the default jobs) and once serial (DXLINALG_JOBS=1), each under a timeout; tables and JSON to $RES.
RES=${RES:-/tmp/res/lead-bench}
mkdir -p "$RES"
LOG="$RES/log.txt"
cd "$(dirname "$0")/../../.." || exit 0
export PYTHONPATH="${PYTHONPATH:+$PYTHONPATH:}$PWD" PYTHONUNBUFFERED=1
echo "== $(date -u) on $(hostname), $(nproc) cores" >>"$LOG"
timeout 110 python3 -m benchmarks --only W6,C3 --json "$RES/all-cores.json" >"$RES/all-cores.txt" 2>>"$LOG" \
  || echo "all cores: exit status $?" >>"$LOG"
DXLINALG_JOBS=1 timeout 150 python3 -m benchmarks --only W6,C3 --json "$RES/serial.json" >"$RES/serial.txt" 2>>"$LOG" \
  || echo "serial: exit status $?" >>"$LOG"
echo "== done $(date -u)" >>"$LOG"
exit 0
