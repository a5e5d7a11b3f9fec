// Transform script for iree-opt --transform-interpreter (gpu.func kernels): global->workgroup copies become nvgpu.device_async_copy
// groups (one group per iteration, waited on at once), then vector.contract + workgroup transfer_reads become
// nvgpu.ldmatrix + nvgpu.mma.sync (m16n8k16).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["gpu.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.iree.create_async_groups %f <{use_mma_sync}> : (!transform.any_op) -> ()
    transform.iree.vector.vector_to_mma_conversion %f <{use_mma_sync}> : (!transform.any_op) -> ()
    transform.yield
  }
}
