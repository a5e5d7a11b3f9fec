#!/bin/bash
# The device side of a probe run. Run from the folder that holds vkrun.c, include/ and the run
# folders (training/ from hardware/nvidia-h100/spirv/probe.py training-jobs, coopmat/ from
# hardware/nvidia-h100/coopmat/probe.py jobs), with the Vulkan loader installed and the driver found:
#   bash run.sh OUT_DIR
# TRAINING_JOBS names the training job file (default jobs.txt). Each job file runs in its own vkrun process under a time limit (a lost device or a hang costs only
# that file's runs); each risky coopmat run gets its own process too. OUT_DIR gets (<= 8 files):
# training.tgz, own.tgz, red.tgz, pe.tgz, mma.tgz, te.tgz (with the risky runs), device.log.
set -u
OUT=${1:?usage: run.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
dump=/tmp/probe_dump
rm -rf "$dump" && mkdir -p "$dump"
exec > >(tee "$OUT/device.log") 2>&1
gcc -O1 -I"$here/include" -o /tmp/vkrun "$here/vkrun.c" -ldl || exit 1

run_jobs() {   # run_jobs FOLDER JOBFILE DUMPDIR SECONDS
  mkdir -p "$3"
  local start=$SECONDS
  (cd "$1" && timeout "$4" /tmp/vkrun "$2" "$3" > "$3/stdout.txt" 2>&1)
  local code=$?
  echo "$2: exit $code, $((SECONDS - start)) s, $(grep -c '^run .*r=0 ' "$3/log.txt" 2>/dev/null) ran," \
       "$(grep -c '^run .*skipped' "$3/log.txt" 2>/dev/null) skipped, $(grep -c '^run .*rejected' "$3/log.txt" 2>/dev/null) rejected"
  grep -h "FATAL\|lost" "$3/log.txt" 2>/dev/null | head -3
}

if [ -d "$here/training" ]; then
  run_jobs "$here/training" "${TRAINING_JOBS:-jobs.txt}" "$dump/training" 45
fi
if [ -d "$here/coopmat" ]; then
  start=$SECONDS
  (cd "$here/coopmat" && python3 gen/make_inputs.py .) || exit 1
  echo "inputs: $((SECONDS - start)) s"
  cp "$here/coopmat/in/hashes.json" "$dump/input_hashes.json"
  for kind in own red pe te mma; do
    run_jobs "$here/coopmat" "jobs_$kind.txt" "$dump/coopmat/$kind" 60
  done
  for job in "$here"/coopmat/risky/*.txt; do
    name=$(basename "$job" .txt)
    run_jobs "$here/coopmat" "risky/$name.txt" "$dump/risky/$name" 10
    grep -h "^run" "$dump/risky/$name/log.txt" 2>/dev/null | cut -c1-160
  done
fi
cd "$dump"
[ -d training ] && tar czf "$OUT/training.tgz" training
if [ -d coopmat ]; then
  for kind in own red pe mma; do tar czf "$OUT/$kind.tgz" input_hashes.json "coopmat/$kind"; done
  tar czf "$OUT/te.tgz" coopmat/te risky
fi
ls -l "$OUT"
