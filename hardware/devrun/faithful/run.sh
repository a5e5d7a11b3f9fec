#!/bin/bash
# The faithful probes (issue 23 section 2) on the GPU machine. Self-contained: needs the loader
# .debs in devrun-carry/ (libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2 and
# libvulkan-dev for the headers), gcc, and python3 with numpy. Writes $RES/log.txt, the vkrun logs
# and $RES/faithful.npz.xz (every result, compressed by reduce.py). One failing probe group never
# stops the others. About 1 minute.
#   cd /tmp/faithful && RES=/tmp/res/faithful bash hardware/devrun/faithful/run.sh
#   PROBE_GROUPS="slang" ... runs only the named groups (the first H200 run lost the Slang group to a wrong entry name)
set -u
RES=${RES:-/tmp/res/faithful}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
CARRY=${CARRY:-$ROOT/devrun-carry}
WORK=${WORK:-/tmp/faithful-work}
mkdir -p "$RES" "$WORK"
LOG=$RES/log.txt
log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$LOG"; }
log "faithful probes start; root $ROOT carry $CARRY"
nvidia-smi --query-gpu=name,driver_version --format=csv >>"$LOG" 2>&1 || log "nvidia-smi failed"

if [ -z "${SKIP_LOADER:-}" ]; then
  for f in "$CARRY"/*.deb; do
    case "$f" in *libvulkan-dev*) ;; *) dpkg -x "$f" / >>"$LOG" 2>&1 || log "dpkg -x $f failed";; esac
  done
  ldconfig >>"$LOG" 2>&1
  export VK_DRIVER_FILES=${VK_DRIVER_FILES:-/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json}
fi
mkdir -p "$WORK/vkdev"
dpkg -x "$CARRY"/libvulkan-dev_*.deb "$WORK/vkdev" >>"$LOG" 2>&1 || log "libvulkan-dev unpack failed"
if ! gcc -O1 -Wall -Wno-missing-field-initializers -I"$WORK/vkdev/usr/include" -o "$WORK/vkrun" \
     "$ROOT/hardware/nvidia-h100/spirv/vkrun.c" -ldl >>"$LOG" 2>&1; then
  log "vkrun build failed"; exit 0
fi
PY=${PY:-python3}
if ! "$PY" "$HERE/gen.py" "$WORK/run" >>"$LOG" 2>&1; then log "gen.py failed"; exit 0; fi
rm -rf "$WORK/run/spv" "$WORK/run/slang" && cp -r "$HERE/spv" "$WORK/run/spv" && cp -r "$HERE/slang" "$WORK/run/slang"
mkdir -p "$WORK/dump/all"
# the groups most likely to lose the device (out-of-bounds accumulates) go last
for group in ${PROBE_GROUPS:-int race slang transc32 transc16 bf16 block opa_to opa_rm}; do
  jobs="jobs_$group.txt"
  for attempt in 1 2 3 4; do
    out="$WORK/dump/$group.$attempt"
    mkdir -p "$out"
    start=$(date +%s)
    (cd "$WORK/run" && timeout 120 "$WORK/vkrun" "$jobs" "$out") >"$out.stdout" 2>&1
    rc=$?
    grep -v "^extensions" "$out.stdout" | tail -3 >>"$LOG"
    log "group $group attempt $attempt: vkrun rc $rc in $(( $(date +%s) - start )) s"
    cp "$out/log.txt" "$RES/vkrun_${group}_$attempt.txt" 2>/dev/null
    cp "$out"/*.bin "$WORK/dump/all/" 2>/dev/null
    [ $rc -eq 0 ] && break
    # vkrun stopped early: go on after the run it died in
    skipped=$("$PY" "$HERE/resume.py" "$WORK/run/$jobs" "$out/log.txt" "$WORK/run/jobs_${group}_r$attempt.txt") || break
    log "group $group: skipping $skipped and resuming"
    jobs="jobs_${group}_r$attempt.txt"
  done
done
if "$PY" "$HERE/reduce.py" "$WORK/run" "$WORK/dump/all" "$RES/faithful.npz.xz" >>"$LOG" 2>&1; then
  log "reduce ok: $(du -h "$RES/faithful.npz.xz" | cut -f1)"
else
  log "reduce failed: keeping the small dumps raw"
  (cd "$WORK/dump/all" && tar czf "$RES/dumps_small.tgz" $(ls | grep -v '^t32_\|^t16_\|^roundtrip\|^bf16conv') ) >>"$LOG" 2>&1
fi
log "done"
exit 0
