#!/usr/bin/env bash
# Compile the test shaders of this folder to SPIR-V: NAME.spv straight from glslang (SPIR-V 1.5,
# Vulkan 1.2: every local is a Function variable) and NAME.opt.spv through spirv-opt -O (SSA form,
# OpPhi, inlined functions). Needs glslang-tools and spirv-tools (Debian/Ubuntu packages); CI uses
# the committed .spv files and needs neither.
set -euo pipefail
cd "$(dirname "$0")"
for source in *.comp; do
    name="${source%.comp}"
    glslangValidator -V --target-env vulkan1.2 -o "$name.spv" "$source" > /dev/null
    spirv-opt -O "$name.spv" -o "$name.opt.spv"
    spirv-val --target-env vulkan1.2 "$name.spv"
    spirv-val --target-env vulkan1.2 "$name.opt.spv"
done
glslangValidator --version | head -1
