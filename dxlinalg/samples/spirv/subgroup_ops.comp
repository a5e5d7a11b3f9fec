#version 460
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
// Subgroup (wave) operations that compilers emit, in uniform and in divergent control flow.
// Results depend on the subgroup size: a profile's wave size fixes it.
//
// Interface (checked against the binary by tests/samples/test_spirv_samples.py):
// @entry main
// @uses OpGroupNonUniformIAdd OpGroupNonUniformBallot OpGroupNonUniformShuffleXor
// @local_size 64 1 1
// @binding 0 0 values   readonly  uint[64 * groups]
// @binding 0 1 results  writeonly uint[16 * 64 * groups]: 16 results per invocation
// Dispatch groups x 1 x 1; every invocation is inside the buffers (no bounds check).
//
// Per invocation i, with v = values[i], results[16i + k] for k =
//   0 SubgroupSize                   1 SubgroupLocalInvocationId   2 NumSubgroups
//   3 SubgroupId                     4 subgroupAdd(v)              5 subgroupInclusiveAdd(v)
//   6 subgroupExclusiveAdd(v)        7 subgroupMin(v)              8 subgroupMax(v)
//   9 subgroupBallotBitCount(subgroupBallot(v odd))                10 subgroupElect() ? 1 : 0
//   11 subgroupBroadcastFirst(v)     12 subgroupShuffleXor(v, 1)   13 subgroupAll(v > 0) | subgroupAny(v > 100) << 1
//   14 odd v only: subgroupAdd(v) over the odd-v invocations (the divergent branch); even v: 0xFFFFFFFF
//   15 subgroupOr(v) ^ subgroupShuffleDown(v, 1)  (a lane whose source lies past the subgroup reads an
//      undefined value: tests keep to the lanes below SubgroupSize - 1)
layout(local_size_x = 64) in;

layout(set = 0, binding = 0) readonly buffer Values { uint values[]; };
layout(set = 0, binding = 1) writeonly buffer Results { uint results[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = values[i];
    uint base = 16u * i;
    results[base + 0u] = gl_SubgroupSize;
    results[base + 1u] = gl_SubgroupInvocationID;
    results[base + 2u] = gl_NumSubgroups;
    results[base + 3u] = gl_SubgroupID;
    results[base + 4u] = subgroupAdd(v);
    results[base + 5u] = subgroupInclusiveAdd(v);
    results[base + 6u] = subgroupExclusiveAdd(v);
    results[base + 7u] = subgroupMin(v);
    results[base + 8u] = subgroupMax(v);
    results[base + 9u] = subgroupBallotBitCount(subgroupBallot((v & 1u) == 1u));
    results[base + 10u] = subgroupElect() ? 1u : 0u;
    results[base + 11u] = subgroupBroadcastFirst(v);
    results[base + 12u] = subgroupShuffleXor(v, 1u);
    results[base + 13u] = (subgroupAll(v > 0u) ? 1u : 0u) | (subgroupAny(v > 100u) ? 2u : 0u);
    uint odd_sum = 0xFFFFFFFFu;
    if ((v & 1u) == 1u) {
        odd_sum = subgroupAdd(v);
    }
    results[base + 14u] = odd_sum;
    results[base + 15u] = subgroupOr(v) ^ subgroupShuffleDown(v, 1u);
}
