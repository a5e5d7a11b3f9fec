#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_vote : require
// Subgroup operations, some in divergent control flow (odd lanes only).
layout(local_size_x = 48) in;
layout(set = 0, binding = 0) readonly buffer Inputs { int values[]; };
layout(set = 0, binding = 1) buffer Outputs { int results[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    int v = values[i];
    int r = subgroupAdd(v) * 3 + subgroupInclusiveAdd(v) * 5 + subgroupExclusiveAdd(v) * 7;
    r += subgroupMin(v) + subgroupMax(v) * 2 + int(subgroupAnd(uint(v))) + int(subgroupOr(uint(v))) +
         int(subgroupXor(uint(v)));
    r += subgroupElect() ? 100 : 0;
    r += subgroupBroadcast(v, 3) + subgroupBroadcastFirst(v * 2);
    uvec4 ballot = subgroupBallot(v > 0);
    r += int(subgroupBallotBitCount(ballot)) * 11 + int(subgroupBallotExclusiveBitCount(ballot));
    r += subgroupShuffleXor(v, 1) * 13 + subgroupShuffle(v, (gl_SubgroupInvocationID + 5u) % gl_SubgroupSize);
    r += subgroupAll(v > -100) ? 17 : 0;
    r += subgroupAny(v > 40) ? 19 : 0;
    r += subgroupAllEqual(v) ? 23 : 0;
    if ((gl_SubgroupInvocationID & 1u) == 1u) {
        r += subgroupAdd(v) * 29 + subgroupInclusiveMul(v % 3 + 1) + int(subgroupElect()) * 31;
        r += subgroupBroadcastFirst(v) * 37;
    }
    r += int(gl_SubgroupSize) * 1000 + int(gl_SubgroupID) * 100000 + int(gl_NumSubgroups) * 1000000;
    results[i] = r;
}
