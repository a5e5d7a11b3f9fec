#version 450
// Subgroup shuffles whose source lane lies outside the subgroup or is inactive. D holds 8 runtime
// amounts; every invocation writes 8 ShuffleDown, 8 ShuffleUp, 8 Shuffle, 8 ShuffleXor results and
// then 4 results from a branch where only lanes with (lane % 3) != 0 are active
// (ShuffleDown 1, ShuffleUp 1, Shuffle lane+1, ShuffleXor 1): 36 words an invocation.
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer D { uint d[]; };
layout(set = 0, binding = 1) writeonly buffer O { uint o[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = i * 7u + 3u;
    uint base = 36u * i;
    for (uint k = 0u; k < 8u; k++) {
        uint amount = d[k];
        o[base + k] = subgroupShuffleDown(v, amount);
        o[base + 8u + k] = subgroupShuffleUp(v, amount);
        o[base + 16u + k] = subgroupShuffle(v, amount);
        o[base + 24u + k] = subgroupShuffleXor(v, amount);
    }
    uint lane = gl_SubgroupInvocationID;
    uint one = d[8];
    if (lane % 3u != 0u) {
        o[base + 32u] = subgroupShuffleDown(v, one);
        o[base + 33u] = subgroupShuffleUp(v, one);
        o[base + 34u] = subgroupShuffle(v, lane + one);
        o[base + 35u] = subgroupShuffleXor(v, one);
    } else {
        o[base + 32u] = 0xEEEEEEEEu;
        o[base + 33u] = 0xEEEEEEEEu;
        o[base + 34u] = 0xEEEEEEEEu;
        o[base + 35u] = 0xEEEEEEEEu;
    }
}
