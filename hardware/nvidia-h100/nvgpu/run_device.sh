#!/bin/bash
# Runs the probe on a machine with an H100 and nvcc (see README.md): builds probe.cu for sm_90,
# runs the job files in DIR (jobs.bin[.gz], jobs_ub.bin, jobs_extra.bin) and writes into OUT:
#   results.bin.gz (+ results2.bin.gz, a second run of the same jobs), results_ub.bin, results_extra.bin,
#   env.txt, log.txt, toolchain.txt (nvcc, nvidia-smi, the SASS matrix instructions, ptxas checks), ops.txt
# Usage: run_device.sh DIR OUT [main|extra|all]
set -u
DIR=$1; OUT=$2; WHAT=${3:-all}
SRC=$(dirname "$0")/probe.cu
[ -f "$DIR/probe.cu" ] && SRC=$DIR/probe.cu
mkdir -p "$OUT"
{ nvcc --version; nvidia-smi; } > "$OUT/toolchain.txt" 2>&1
nvcc -O2 -arch=sm_90 -o /tmp/probe "$SRC" > /tmp/build.txt 2>&1 || { cat /tmp/build.txt; exit 1; }
grep -v Advisory /tmp/build.txt
echo "ptxas advisories (mma.sp without ::ordered_metadata): $(grep -c Advisory /tmp/build.txt)" >> "$OUT/toolchain.txt"
/tmp/probe --ops > "$OUT/ops.txt"
if [ "$WHAT" != extra ]; then
  if [ -f "$DIR/jobs.bin.gz" ]; then gunzip -c "$DIR/jobs.bin.gz" > /tmp/jobs.bin; else cp "$DIR/jobs.bin" /tmp/jobs.bin; fi
  mkdir -p /tmp/r1 /tmp/r2 /tmp/ub
  /tmp/probe /tmp/jobs.bin /tmp/r1 > /tmp/r1/log.txt 2>&1; echo "run 1 rc=$?"
  /tmp/probe /tmp/jobs.bin /tmp/r2 > /tmp/r2/log.txt 2>&1; echo "run 2 rc=$?"
  cmp -l /tmp/r1/results.bin /tmp/r2/results.bin | wc -l | sed 's/^/bytes that differ between the two runs: /'
  /tmp/probe "$DIR/jobs_ub.bin" /tmp/ub > /tmp/ub/log.txt 2>&1; echo "undefined-behaviour run rc=$?"
  cp /tmp/ub/results.bin "$OUT/results_ub.bin"
  cat /tmp/r1/log.txt /tmp/ub/log.txt > "$OUT/log.txt"
  cp /tmp/r1/env.txt "$OUT/env.txt"
  gzip -9 -c /tmp/r1/results.bin > "$OUT/results.bin.gz"
  gzip -9 -c /tmp/r2/results.bin > "$OUT/results2.bin.gz"
fi
if [ "$WHAT" != main ]; then
  mkdir -p /tmp/rx
  /tmp/probe "$DIR/jobs_extra.bin" /tmp/rx > /tmp/rx/log.txt 2>&1; echo "extra run rc=$?"
  cp /tmp/rx/results.bin "$OUT/results_extra.bin"
  cat /tmp/rx/log.txt >> "$OUT/log.txt"; cp /tmp/rx/env.txt "$OUT/env.txt"
fi
cuobjdump -sass /tmp/probe | grep -oE "(HMMA|IMMA|DMMA|LDSM|LDGSTS|LDGDEPBAR|DEPBAR)[A-Z0-9._]*" | sort | uniq -c >> "$OUT/toolchain.txt"
# ptxas on the sparsity selector that nvgpu's verifier accepts for m16n8k64 s8 (PTX: must be 0)
cat > /tmp/sel1.cu <<'CU'
__global__ void k(unsigned* p) {
  unsigned d0, d1, d2, d3, a = p[threadIdx.x];
  asm volatile("mma.sp.sync.aligned.m16n8k64.row.col.satfinite.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%4,%4,%4}, {%4,%4,%4,%4}, {%4,%4,%4,%4}, %4, 1;"
               : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3) : "r"(a));
  p[threadIdx.x] = d0 + d1 + d2 + d3;
}
CU
echo "nvcc on mma.sp m16n8k64 s8 with selector 1:" >> "$OUT/toolchain.txt"
nvcc -arch=sm_90 -c -o /tmp/sel1.o /tmp/sel1.cu >> "$OUT/toolchain.txt" 2>&1; echo "rc=$?" >> "$OUT/toolchain.txt"
ls -la "$OUT"
