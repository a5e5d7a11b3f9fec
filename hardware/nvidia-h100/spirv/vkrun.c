// vkrun: run SPIR-V compute modules on a real Vulkan device, with buffers, push constants and
// specialization constants from files, and dump every storage buffer afterwards.
//
//   vkrun JOBS.txt OUT_DIR
//
// JOBS.txt is plain text, one command a line, '#' starts a comment; paths are relative to the
// folder vkrun runs in. A run is the lines from `run` to `end`:
//
//   run NAME                     start a run (NAME: letters, digits, '_', '-', '.')
//   module FILE.spv              the SPIR-V module
//   entry NAME                   entry point (default main)
//   buffer SET BINDING SIZE FILE a storage buffer at (SET, BINDING): SIZE bytes (0: FILE's size),
//                                filled from FILE (missing bytes 0; '-' for all zeros)
//   push FILE                    push-constant bytes (one range, offset 0, the file's size)
//   address OFFSET SET BINDING   write the buffer's 64-bit device address into the push constants
//   spec ID VALUE                specialization constant ID = VALUE (32 bits; 0x.. hex or decimal)
//   dispatch X Y Z               workgroups
//   repeats N                    run the dispatch N times from the same initial buffers (default 1);
//                                every repeat is compared with the first and the log says which differ
//   keep SET BINDING             dump only the buffers named by keep lines (default: every buffer)
//   dumprepeats                  also dump every later repeat's (kept) buffers, as NAME.r<N>.s<SET>b<BINDING>.bin
//   needs feature NAME           skip the run (logged) unless the device has the feature: a
//                                VK_NV_cooperative_matrix2 feature (workgroupScope, flexibleDimensions,
//                                reductions, conversions, perElementOperations, tensorAddressing,
//                                blockLoads) or bfloat16CooperativeMatrix
//   needs matrix TYPE ROWS COLS USE SCOPE INVOCATIONS
//                                skip unless a cooperative matrix of that VkComponentTypeKHR, size,
//                                use (0 A, 1 B, 2 accumulator) and VkScopeKHR (3 subgroup, 2
//                                workgroup) is listed: by vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR
//                                (exact sizes) or by ...FlexibleDimensionsPropertiesNV (multiples of the
//                                granularities, workgroupInvocations = INVOCATIONS, 0 for any)
//   needs muladd M N K A B C R SAT SCOPE INVOCATIONS
//                                the same for a MulAdd (types as VkComponentTypeKHR, SAT 0/1)
//   end                          create the pipeline, dispatch, dump, destroy
//
// Output: OUT_DIR/NAME.s<SET>b<BINDING>.bin (each buffer's bytes after the first repeat) and
// OUT_DIR/log.txt (device, driver, extensions, features, cooperative-vector properties, and one
// line per run with its result codes and GPU wall time). A run whose module or pipeline the driver
// rejects is logged and skipped; a lost device stops the program.
//
// The device gets every core Vulkan 1.1-1.3 feature it reports (robustBufferAccess excepted, so
// that out-of-bounds accesses are not masked), VK_NV_cooperative_vector (cooperativeVector,
// cooperativeVectorTraining) and VK_EXT_shader_replicated_composites when present: glslang
// and Slang emit OpCompositeConstructReplicateEXT for a cooperative vector built from a scalar.
// Likewise, with every feature they report: VK_KHR_cooperative_matrix, VK_NV_cooperative_matrix2
// and VK_KHR_shader_bfloat16; the log lists their properties (every KHR combination and every
// flexible-dimensions combination).
// Buffers are host-visible and coherent, with device addresses when bufferDeviceAddress is there.
// Core types come from any Vulkan 1.3 vulkan_core.h; the two extensions' structs are declared
// here. The loader is opened with dlopen("libvulkan.so.1").
#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// ---- extensions newer than the 1.3 headers (declared by hand) ----
#define ST_CV_FEATURES 1000491000
#define ST_CV_PROPERTIES 1000491001
#define ST_CV_PROP 1000491002
#define ST_REPLICATED_FEATURES 1000564000
typedef struct { VkStructureType sType; void* pNext; VkBool32 cooperativeVector; VkBool32 cooperativeVectorTraining; } CVFeatures;
typedef struct { VkStructureType sType; void* pNext; VkShaderStageFlags supportedStages; VkBool32 trainingFloat16Accumulation;
  VkBool32 trainingFloat32Accumulation; uint32_t maxComponents; } CVProperties;
typedef struct { VkStructureType sType; void* pNext; int32_t inputType, inputInterp, matrixInterp, biasInterp, resultType; VkBool32 transpose; } CVProp;
typedef struct { VkStructureType sType; void* pNext; VkBool32 shaderReplicatedComposites; } ReplicatedFeatures;
typedef VkResult (*PFN_cvprops)(VkPhysicalDevice, uint32_t*, CVProp*);
// VK_KHR_cooperative_matrix, VK_NV_cooperative_matrix2, VK_KHR_shader_bfloat16
#define ST_CM_FEATURES 1000506000
#define ST_CM_PROP 1000506001
#define ST_CM_PROPERTIES 1000506002
#define ST_CM2_FEATURES 1000593000
#define ST_CM2_FLEX_PROP 1000593001
#define ST_CM2_PROPERTIES 1000593002
#define ST_BF16_FEATURES 1000141000
typedef struct { VkStructureType sType; void* pNext; VkBool32 cooperativeMatrix; VkBool32 cooperativeMatrixRobustBufferAccess; } CMFeatures;
typedef struct { VkStructureType sType; void* pNext; VkShaderStageFlags supportedStages; } CMProperties;
typedef struct { VkStructureType sType; void* pNext; uint32_t MSize, NSize, KSize; int32_t AType, BType, CType, ResultType;
  VkBool32 saturatingAccumulation; int32_t scope; } CMProp;
typedef struct { VkStructureType sType; void* pNext; VkBool32 workgroupScope, flexibleDimensions, reductions, conversions,
  perElementOperations, tensorAddressing, blockLoads; } CM2Features;
typedef struct { VkStructureType sType; void* pNext; uint32_t workgroupScopeMaxWorkgroupSize, flexibleDimensionsMaxDimension,
  workgroupScopeReservedSharedMemory; } CM2Properties;
typedef struct { VkStructureType sType; void* pNext; uint32_t MGranularity, NGranularity, KGranularity; int32_t AType, BType,
  CType, ResultType; VkBool32 saturatingAccumulation; int32_t scope; uint32_t workgroupInvocations; } CM2FlexProp;
typedef struct { VkStructureType sType; void* pNext; VkBool32 shaderBFloat16Type, shaderBFloat16DotProduct,
  shaderBFloat16CooperativeMatrix; } BF16Features;
typedef VkResult (*PFN_cmprops)(VkPhysicalDevice, uint32_t*, CMProp*);
typedef VkResult (*PFN_cm2flex)(VkPhysicalDevice, uint32_t*, CM2FlexProp*);

static FILE* logf_;
#define LOG(...) do { printf(__VA_ARGS__); if (logf_) { fprintf(logf_, __VA_ARGS__); fflush(logf_); } fflush(stdout); } while (0)
#define DIE(...) do { LOG("FATAL: " __VA_ARGS__); exit(2); } while (0)
#define CHK(x) do { VkResult _r = (x); if (_r != VK_SUCCESS) DIE("%s -> %d (line %d)\n", #x, _r, __LINE__); } while (0)

static PFN_vkGetInstanceProcAddr gipa;
static VkInstance inst; static VkPhysicalDevice pd; static VkDevice dev; static VkQueue queue; static uint32_t queueFamily;
static VkPhysicalDeviceMemoryProperties memprops; static int haveAddresses;
static CMProp* cmProps; static uint32_t cmCount;          // cooperative-matrix combinations
static CM2FlexProp* flexProps; static uint32_t flexCount;  // flexible-dimension combinations
static CM2Features cm2f = { ST_CM2_FEATURES }; static CM2Properties cm2p = { ST_CM2_PROPERTIES };
static BF16Features bf16f = { ST_BF16_FEATURES }; static CMFeatures cmf = { ST_CM_FEATURES };
#define F(name) static PFN_##name name
F(vkCreateBuffer); F(vkGetBufferMemoryRequirements); F(vkAllocateMemory); F(vkBindBufferMemory); F(vkMapMemory);
F(vkDestroyBuffer); F(vkFreeMemory); F(vkCreateShaderModule); F(vkDestroyShaderModule); F(vkCreateComputePipelines);
F(vkDestroyPipeline); F(vkCreateDescriptorSetLayout); F(vkDestroyDescriptorSetLayout); F(vkCreatePipelineLayout);
F(vkDestroyPipelineLayout); F(vkCreateDescriptorPool); F(vkDestroyDescriptorPool); F(vkAllocateDescriptorSets);
F(vkUpdateDescriptorSets); F(vkCreateCommandPool); F(vkAllocateCommandBuffers); F(vkBeginCommandBuffer);
F(vkEndCommandBuffer); F(vkCmdBindPipeline); F(vkCmdBindDescriptorSets); F(vkCmdPushConstants); F(vkCmdDispatch);
F(vkQueueSubmit); F(vkQueueWaitIdle); F(vkResetCommandBuffer); F(vkGetDeviceQueue); F(vkCmdPipelineBarrier);
F(vkGetBufferDeviceAddress);
#undef F

// ---------------------------------------------------------------------------------------------
// device
static int hasExtension(const VkExtensionProperties* list, uint32_t n, const char* name) {
  for (uint32_t i = 0; i < n; i++) if (!strcmp(list[i].extensionName, name)) return 1;
  return 0;
}

static void createDevice(void) {
  void* lib = dlopen("libvulkan.so.1", RTLD_NOW); if (!lib) DIE("no libvulkan.so.1: %s\n", dlerror());
  gipa = (PFN_vkGetInstanceProcAddr)dlsym(lib, "vkGetInstanceProcAddr");
  PFN_vkCreateInstance createInstance = (PFN_vkCreateInstance)gipa(NULL, "vkCreateInstance");
  VkApplicationInfo app = { VK_STRUCTURE_TYPE_APPLICATION_INFO }; app.pApplicationName = "vkrun"; app.apiVersion = VK_MAKE_API_VERSION(0, 1, 3, 0);
  VkInstanceCreateInfo ici = { VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO }; ici.pApplicationInfo = &app;
  CHK(createInstance(&ici, NULL, &inst));
  PFN_vkEnumeratePhysicalDevices enumPD = (PFN_vkEnumeratePhysicalDevices)gipa(inst, "vkEnumeratePhysicalDevices");
  uint32_t n = 1; VkResult er = enumPD(inst, &n, &pd); if ((er != VK_SUCCESS && er != VK_INCOMPLETE) || !n) DIE("no physical device (%d)\n", er);
  PFN_vkGetPhysicalDeviceProperties2 gp2 = (PFN_vkGetPhysicalDeviceProperties2)gipa(inst, "vkGetPhysicalDeviceProperties2");
  PFN_vkGetPhysicalDeviceFeatures2 gf2 = (PFN_vkGetPhysicalDeviceFeatures2)gipa(inst, "vkGetPhysicalDeviceFeatures2");
  PFN_vkGetPhysicalDeviceMemoryProperties gmp = (PFN_vkGetPhysicalDeviceMemoryProperties)gipa(inst, "vkGetPhysicalDeviceMemoryProperties");
  PFN_vkGetPhysicalDeviceQueueFamilyProperties gqf = (PFN_vkGetPhysicalDeviceQueueFamilyProperties)gipa(inst, "vkGetPhysicalDeviceQueueFamilyProperties");
  PFN_vkEnumerateDeviceExtensionProperties enumExt = (PFN_vkEnumerateDeviceExtensionProperties)gipa(inst, "vkEnumerateDeviceExtensionProperties");
  gmp(pd, &memprops);

  uint32_t ne = 0; enumExt(pd, NULL, &ne, NULL);
  VkExtensionProperties* exts = calloc(ne ? ne : 1, sizeof *exts); enumExt(pd, NULL, &ne, exts);
  int haveCV = hasExtension(exts, ne, "VK_NV_cooperative_vector");
  int haveRep = hasExtension(exts, ne, "VK_EXT_shader_replicated_composites");
  int haveCM = hasExtension(exts, ne, "VK_KHR_cooperative_matrix");
  int haveCM2 = haveCM && hasExtension(exts, ne, "VK_NV_cooperative_matrix2");
  int haveBF16 = hasExtension(exts, ne, "VK_KHR_shader_bfloat16");

  CVProperties cvp = { ST_CV_PROPERTIES };
  VkPhysicalDeviceDriverProperties drv = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES };
  VkPhysicalDeviceSubgroupProperties sg = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES }; sg.pNext = &drv;
  VkPhysicalDeviceFloatControlsProperties fc = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES }; drv.pNext = &fc;
  void** ptail = &fc.pNext;
  if (haveCV) { *ptail = &cvp; ptail = &cvp.pNext; }
  CMProperties cmp = { ST_CM_PROPERTIES };
  if (haveCM) { *ptail = &cmp; ptail = &cmp.pNext; }
  if (haveCM2) { *ptail = &cm2p; ptail = &cm2p.pNext; }
  VkPhysicalDeviceProperties2 p2 = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2 }; p2.pNext = &sg;
  gp2(pd, &p2);
  uint32_t av = p2.properties.apiVersion, dv = p2.properties.driverVersion;
  LOG("device: %s vendor 0x%x device 0x%x api %u.%u.%u driverVersion 0x%x (NVIDIA %u.%u.%u)\n", p2.properties.deviceName,
      p2.properties.vendorID, p2.properties.deviceID, VK_API_VERSION_MAJOR(av), VK_API_VERSION_MINOR(av), VK_API_VERSION_PATCH(av),
      dv, dv >> 22, (dv >> 14) & 0xff, (dv >> 6) & 0xff);
  LOG("driver: %s / %s\n", drv.driverName, drv.driverInfo);
  LOG("subgroupSize %u stages 0x%x ops 0x%x maxPushConstantsSize %u\n", sg.subgroupSize, sg.supportedStages,
      sg.supportedOperations, p2.properties.limits.maxPushConstantsSize);
  LOG("float controls: denormBehaviorIndependence %d roundingModeIndependence %d preserveDenorm16/32 %u/%u "
      "flushToZero16/32 %u/%u roundingModeRTE16/32 %u/%u RTZ16/32 %u/%u\n", fc.denormBehaviorIndependence,
      fc.roundingModeIndependence, fc.shaderDenormPreserveFloat16, fc.shaderDenormPreserveFloat32,
      fc.shaderDenormFlushToZeroFloat16, fc.shaderDenormFlushToZeroFloat32, fc.shaderRoundingModeRTEFloat16,
      fc.shaderRoundingModeRTEFloat32, fc.shaderRoundingModeRTZFloat16, fc.shaderRoundingModeRTZFloat32);
  LOG("extensions (%u):", ne);
  for (uint32_t i = 0; i < ne; i++) LOG(" %s", exts[i].extensionName);
  LOG("\n");
  if (haveCV) {
    LOG("coopvec properties: stages 0x%x trainingFloat16Accumulation %u trainingFloat32Accumulation %u maxComponents %u\n",
        cvp.supportedStages, cvp.trainingFloat16Accumulation, cvp.trainingFloat32Accumulation, cvp.maxComponents);
    PFN_cvprops getCV = (PFN_cvprops)gipa(inst, "vkGetPhysicalDeviceCooperativeVectorPropertiesNV");
    uint32_t count = 0; if (getCV) getCV(pd, &count, NULL);
    CVProp* props = calloc(count ? count : 1, sizeof *props);
    for (uint32_t i = 0; i < count; i++) props[i].sType = ST_CV_PROP;
    if (getCV && count) getCV(pd, &count, props);
    for (uint32_t i = 0; i < count; i++)
      LOG("coopvec combination: input %d interpretation %d matrix %d bias %d result %d transpose %u\n", props[i].inputType,
          props[i].inputInterp, props[i].matrixInterp, props[i].biasInterp, props[i].resultType, props[i].transpose);
    free(props);
  }
  if (haveCM) {
    LOG("coopmat properties: supportedStages 0x%x\n", cmp.supportedStages);
    PFN_cmprops getCM = (PFN_cmprops)gipa(inst, "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR");
    if (getCM) getCM(pd, &cmCount, NULL);
    cmProps = calloc(cmCount ? cmCount : 1, sizeof *cmProps);
    for (uint32_t i = 0; i < cmCount; i++) cmProps[i].sType = ST_CM_PROP;
    if (getCM && cmCount) getCM(pd, &cmCount, cmProps);
    for (uint32_t i = 0; i < cmCount; i++)
      LOG("coopmat combination: M %u N %u K %u A %d B %d C %d Result %d saturating %u scope %d\n", cmProps[i].MSize,
          cmProps[i].NSize, cmProps[i].KSize, cmProps[i].AType, cmProps[i].BType, cmProps[i].CType, cmProps[i].ResultType,
          cmProps[i].saturatingAccumulation, cmProps[i].scope);
  }
  if (haveCM2) {
    LOG("coopmat2 properties: workgroupScopeMaxWorkgroupSize %u flexibleDimensionsMaxDimension %u "
        "workgroupScopeReservedSharedMemory %u\n", cm2p.workgroupScopeMaxWorkgroupSize, cm2p.flexibleDimensionsMaxDimension,
        cm2p.workgroupScopeReservedSharedMemory);
    PFN_cm2flex getFlex = (PFN_cm2flex)gipa(inst, "vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV");
    if (getFlex) getFlex(pd, &flexCount, NULL);
    flexProps = calloc(flexCount ? flexCount : 1, sizeof *flexProps);
    for (uint32_t i = 0; i < flexCount; i++) flexProps[i].sType = ST_CM2_FLEX_PROP;
    if (getFlex && flexCount) getFlex(pd, &flexCount, flexProps);
    for (uint32_t i = 0; i < flexCount; i++)
      LOG("coopmat flexible combination: MGranularity %u NGranularity %u KGranularity %u A %d B %d C %d Result %d "
          "saturating %u scope %d workgroupInvocations %u\n", flexProps[i].MGranularity, flexProps[i].NGranularity,
          flexProps[i].KGranularity, flexProps[i].AType, flexProps[i].BType, flexProps[i].CType, flexProps[i].ResultType,
          flexProps[i].saturatingAccumulation, flexProps[i].scope, flexProps[i].workgroupInvocations);
  }

  // features: ask what is there, enable all of it (robustBufferAccess off) plus the two extensions
  ReplicatedFeatures rep = { ST_REPLICATED_FEATURES };
  CVFeatures cvf = { ST_CV_FEATURES };
  VkPhysicalDeviceVulkan13Features f13 = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES };
  VkPhysicalDeviceVulkan12Features f12 = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES }; f12.pNext = &f13;
  VkPhysicalDeviceVulkan11Features f11 = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES }; f11.pNext = &f12;
  VkPhysicalDeviceFeatures2 f2 = { VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2 }; f2.pNext = &f11;
  void** tail = &f13.pNext;
  if (haveCV) { *tail = &cvf; tail = &cvf.pNext; }
  if (haveRep) { *tail = &rep; tail = &rep.pNext; }
  if (haveCM) { *tail = &cmf; tail = &cmf.pNext; }
  if (haveCM2) { *tail = &cm2f; tail = &cm2f.pNext; }
  if (haveBF16) { *tail = &bf16f; tail = &bf16f.pNext; }
  gf2(pd, &f2);
  if (haveCM) LOG("features: cooperativeMatrix %u cooperativeMatrixRobustBufferAccess %u\n", cmf.cooperativeMatrix,
                  cmf.cooperativeMatrixRobustBufferAccess);
  if (haveCM2) LOG("features: coopmat2 workgroupScope %u flexibleDimensions %u reductions %u conversions %u "
                   "perElementOperations %u tensorAddressing %u blockLoads %u\n", cm2f.workgroupScope, cm2f.flexibleDimensions,
                   cm2f.reductions, cm2f.conversions, cm2f.perElementOperations, cm2f.tensorAddressing, cm2f.blockLoads);
  if (haveBF16) LOG("features: shaderBFloat16Type %u shaderBFloat16DotProduct %u shaderBFloat16CooperativeMatrix %u\n",
                    bf16f.shaderBFloat16Type, bf16f.shaderBFloat16DotProduct, bf16f.shaderBFloat16CooperativeMatrix);
  f2.features.robustBufferAccess = VK_FALSE;
  haveAddresses = f12.bufferDeviceAddress;
  LOG("features: cooperativeVector %u cooperativeVectorTraining %u shaderReplicatedComposites %u shaderFloat16 %u "
      "shaderInt8 %u shaderInt16 %u shaderInt64 %u shaderFloat64 %u storageBuffer16BitAccess %u storageBuffer8BitAccess %u "
      "vulkanMemoryModel %u vulkanMemoryModelDeviceScope %u bufferDeviceAddress %u\n", cvf.cooperativeVector,
      cvf.cooperativeVectorTraining, rep.shaderReplicatedComposites, f12.shaderFloat16, f12.shaderInt8,
      f2.features.shaderInt16, f2.features.shaderInt64, f2.features.shaderFloat64, f11.storageBuffer16BitAccess,
      f12.storageBuffer8BitAccess, f12.vulkanMemoryModel, f12.vulkanMemoryModelDeviceScope, f12.bufferDeviceAddress);

  uint32_t nq = 0; gqf(pd, &nq, NULL); VkQueueFamilyProperties qf[32]; if (nq > 32) nq = 32; gqf(pd, &nq, qf);
  queueFamily = 0; for (uint32_t i = 0; i < nq; i++) if (qf[i].queueFlags & VK_QUEUE_COMPUTE_BIT) { queueFamily = i; break; }
  float prio = 1.0f;
  VkDeviceQueueCreateInfo qci = { VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO }; qci.queueFamilyIndex = queueFamily; qci.queueCount = 1; qci.pQueuePriorities = &prio;
  const char* enable[8]; uint32_t nenable = 0;
  if (haveCV) enable[nenable++] = "VK_NV_cooperative_vector";
  if (haveRep) enable[nenable++] = "VK_EXT_shader_replicated_composites";
  if (haveCM) enable[nenable++] = "VK_KHR_cooperative_matrix";
  if (haveCM2) enable[nenable++] = "VK_NV_cooperative_matrix2";
  if (haveBF16) enable[nenable++] = "VK_KHR_shader_bfloat16";
  VkDeviceCreateInfo dci = { VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO }; dci.pNext = &f2; dci.queueCreateInfoCount = 1; dci.pQueueCreateInfos = &qci;
  dci.enabledExtensionCount = nenable; dci.ppEnabledExtensionNames = enable;
  PFN_vkCreateDevice createDeviceFn = (PFN_vkCreateDevice)gipa(inst, "vkCreateDevice");
  CHK(createDeviceFn(pd, &dci, NULL, &dev));
  LOG("device created with %u extension(s):", nenable);
  for (uint32_t i = 0; i < nenable; i++) LOG(" %s", enable[i]);
  LOG("\n");
  free(exts);
  PFN_vkGetDeviceProcAddr gdpa = (PFN_vkGetDeviceProcAddr)gipa(inst, "vkGetDeviceProcAddr");
#define L(name) name = (PFN_##name)gdpa(dev, #name); if (!name) DIE("missing %s\n", #name);
  L(vkCreateBuffer); L(vkGetBufferMemoryRequirements); L(vkAllocateMemory); L(vkBindBufferMemory); L(vkMapMemory);
  L(vkDestroyBuffer); L(vkFreeMemory); L(vkCreateShaderModule); L(vkDestroyShaderModule); L(vkCreateComputePipelines);
  L(vkDestroyPipeline); L(vkCreateDescriptorSetLayout); L(vkDestroyDescriptorSetLayout); L(vkCreatePipelineLayout);
  L(vkDestroyPipelineLayout); L(vkCreateDescriptorPool); L(vkDestroyDescriptorPool); L(vkAllocateDescriptorSets);
  L(vkUpdateDescriptorSets); L(vkCreateCommandPool); L(vkAllocateCommandBuffers); L(vkBeginCommandBuffer);
  L(vkEndCommandBuffer); L(vkCmdBindPipeline); L(vkCmdBindDescriptorSets); L(vkCmdPushConstants); L(vkCmdDispatch);
  L(vkQueueSubmit); L(vkQueueWaitIdle); L(vkResetCommandBuffer); L(vkGetDeviceQueue); L(vkCmdPipelineBarrier);
  L(vkGetBufferDeviceAddress);
#undef L
  vkGetDeviceQueue(dev, queueFamily, 0, &queue);
}

// ---------------------------------------------------------------------------------------------
// buffers and files
typedef struct { uint32_t set, binding; size_t size; VkBuffer buf; VkDeviceMemory mem; void* ptr; uint8_t* initial; } Buf;

static void makeBuffer(Buf* b) {
  size_t size = b->size < 16 ? 16 : b->size;
  VkBufferCreateInfo bi = { VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO };
  bi.size = size; bi.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | (haveAddresses ? VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT : 0);
  bi.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  CHK(vkCreateBuffer(dev, &bi, NULL, &b->buf));
  VkMemoryRequirements mr; vkGetBufferMemoryRequirements(dev, b->buf, &mr);
  uint32_t want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, ti = UINT32_MAX;
  for (uint32_t i = 0; i < memprops.memoryTypeCount; i++)
    if ((mr.memoryTypeBits & (1u << i)) && (memprops.memoryTypes[i].propertyFlags & want) == want) { ti = i; break; }
  if (ti == UINT32_MAX) DIE("no host-visible coherent memory type\n");
  VkMemoryAllocateFlagsInfo flags = { VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO }; flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
  VkMemoryAllocateInfo ai = { VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO }; ai.allocationSize = mr.size; ai.memoryTypeIndex = ti;
  if (haveAddresses) ai.pNext = &flags;
  CHK(vkAllocateMemory(dev, &ai, NULL, &b->mem)); CHK(vkBindBufferMemory(dev, b->buf, b->mem, 0));
  CHK(vkMapMemory(dev, b->mem, 0, VK_WHOLE_SIZE, 0, &b->ptr));
}

static void freeBuffer(Buf* b) {
  if (b->buf) vkDestroyBuffer(dev, b->buf, NULL);
  if (b->mem) vkFreeMemory(dev, b->mem, NULL);
  free(b->initial); memset(b, 0, sizeof *b);
}

static uint8_t* readFile(const char* path, size_t* size) {
  FILE* f = fopen(path, "rb"); if (!f) DIE("cannot open %s: %s\n", path, strerror(errno));
  fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
  uint8_t* data = malloc(n > 0 ? (size_t)n : 1);
  if (n > 0 && fread(data, 1, (size_t)n, f) != (size_t)n) DIE("short read %s\n", path);
  fclose(f); *size = (size_t)n; return data;
}

static void writeFile(const char* path, const void* data, size_t size) {
  FILE* f = fopen(path, "wb"); if (!f) DIE("cannot write %s: %s\n", path, strerror(errno));
  if (size && fwrite(data, 1, size, f) != size) DIE("short write %s\n", path);
  fclose(f);
}

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

// ---------------------------------------------------------------------------------------------
// one run
#define MAX_BUFFERS 32
#define MAX_SPEC 64
#define MAX_SETS 8
#define MAX_ADDRESSES 8
typedef struct {
  char name[128], module[512], entry[128];
  Buf buffers[MAX_BUFFERS]; uint32_t nbuffers;
  uint8_t* push; size_t pushSize;
  uint32_t specId[MAX_SPEC], specValue[MAX_SPEC], nspec;
  uint32_t addrOffset[MAX_ADDRESSES], addrSet[MAX_ADDRESSES], addrBinding[MAX_ADDRESSES], naddr;
  uint32_t groups[3], repeats; int line;
  char skip[256];                       // why a `needs` line failed; empty when the run goes ahead
  uint32_t keepSet[MAX_BUFFERS], keepBinding[MAX_BUFFERS], nkeep; int dumpRepeats;
} Run;

// ---- `needs`: is a cooperative-matrix type, MulAdd or feature there? ----
static int multiple(uint32_t value, uint32_t granularity) { return granularity && value % granularity == 0; }

static int flexMatches(const CM2FlexProp* f, int32_t scope, uint32_t invocations) {
  return cm2f.flexibleDimensions && f->scope == scope && (!invocations || f->workgroupInvocations == invocations);
}

static int matrixListed(int32_t type, uint32_t rows, uint32_t cols, uint32_t use, int32_t scope, uint32_t invocations) {
  for (uint32_t i = 0; i < cmCount; i++) {
    const CMProp* p = &cmProps[i];
    if (p->scope != scope) continue;
    if (use == 0 && p->AType == type && p->MSize == rows && p->KSize == cols) return 1;
    if (use == 1 && p->BType == type && p->KSize == rows && p->NSize == cols) return 1;
    if (use == 2 && (p->CType == type || p->ResultType == type) && p->MSize == rows && p->NSize == cols) return 1;
  }
  uint32_t limit = cm2p.flexibleDimensionsMaxDimension;
  if (rows > limit || cols > limit) return 0;
  for (uint32_t i = 0; i < flexCount; i++) {
    const CM2FlexProp* f = &flexProps[i];
    if (!flexMatches(f, scope, invocations)) continue;
    if (use == 0 && f->AType == type && multiple(rows, f->MGranularity) && multiple(cols, f->KGranularity)) return 1;
    if (use == 1 && f->BType == type && multiple(rows, f->KGranularity) && multiple(cols, f->NGranularity)) return 1;
    if (use == 2 && (f->CType == type || f->ResultType == type) && multiple(rows, f->MGranularity) &&
        multiple(cols, f->NGranularity)) return 1;
  }
  return 0;
}

static int mulAddListed(const uint32_t* v) {   // M N K A B C R SAT SCOPE INVOCATIONS
  for (uint32_t i = 0; i < cmCount; i++) {
    const CMProp* p = &cmProps[i];
    if (p->MSize == v[0] && p->NSize == v[1] && p->KSize == v[2] && p->AType == (int32_t)v[3] && p->BType == (int32_t)v[4] &&
        p->CType == (int32_t)v[5] && p->ResultType == (int32_t)v[6] && p->saturatingAccumulation == v[7] &&
        p->scope == (int32_t)v[8]) return 1;
  }
  uint32_t limit = cm2p.flexibleDimensionsMaxDimension;
  if (v[0] > limit || v[1] > limit || v[2] > limit) return 0;
  for (uint32_t i = 0; i < flexCount; i++) {
    const CM2FlexProp* f = &flexProps[i];
    if (flexMatches(f, (int32_t)v[8], v[9]) && multiple(v[0], f->MGranularity) && multiple(v[1], f->NGranularity) &&
        multiple(v[2], f->KGranularity) && f->AType == (int32_t)v[3] && f->BType == (int32_t)v[4] &&
        f->CType == (int32_t)v[5] && f->ResultType == (int32_t)v[6] && f->saturatingAccumulation == v[7]) return 1;
  }
  return 0;
}

static int featureThere(const char* name, int line) {
  static const struct { const char* name; VkBool32* value; } table[] = {
    { "workgroupScope", &cm2f.workgroupScope }, { "flexibleDimensions", &cm2f.flexibleDimensions },
    { "reductions", &cm2f.reductions }, { "conversions", &cm2f.conversions },
    { "perElementOperations", &cm2f.perElementOperations }, { "tensorAddressing", &cm2f.tensorAddressing },
    { "blockLoads", &cm2f.blockLoads }, { "bfloat16CooperativeMatrix", &bf16f.shaderBFloat16CooperativeMatrix },
    { "cooperativeMatrix", &cmf.cooperativeMatrix } };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) if (!strcmp(table[i].name, name)) return *table[i].value != 0;
  DIE("line %d: unknown feature '%s'\n", line, name);
}

static int validName(const char* s) {
  if (!*s) return 0;
  for (; *s; s++) if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_' || *s == '-' || *s == '.')) return 0;
  return 1;
}

static Buf* findBuffer(Run* r, uint32_t set, uint32_t binding) {
  for (uint32_t i = 0; i < r->nbuffers; i++) if (r->buffers[i].set == set && r->buffers[i].binding == binding) return &r->buffers[i];
  return NULL;
}

static VkResult submit(VkCommandBuffer cb, VkPipeline pipe, VkPipelineLayout layout, VkDescriptorSet* sets, uint32_t nsets, Run* r, double* seconds) {
  vkResetCommandBuffer(cb, 0);
  VkCommandBufferBeginInfo bi = { VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO }; bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  vkBeginCommandBuffer(cb, &bi);
  VkMemoryBarrier host = { VK_STRUCTURE_TYPE_MEMORY_BARRIER }; host.srcAccessMask = VK_ACCESS_HOST_WRITE_BIT;
  host.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_HOST_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &host, 0, NULL, 0, NULL);
  vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
  if (nsets) vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, nsets, sets, 0, NULL);
  if (r->pushSize) vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, (uint32_t)r->pushSize, r->push);
  vkCmdDispatch(cb, r->groups[0], r->groups[1], r->groups[2]);
  VkMemoryBarrier mb = { VK_STRUCTURE_TYPE_MEMORY_BARRIER }; mb.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT; mb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
  vkEndCommandBuffer(cb);
  VkSubmitInfo si = { VK_STRUCTURE_TYPE_SUBMIT_INFO }; si.commandBufferCount = 1; si.pCommandBuffers = &cb;
  double start = now();
  VkResult res = vkQueueSubmit(queue, 1, &si, VK_NULL_HANDLE);
  if (res == VK_SUCCESS) res = vkQueueWaitIdle(queue);
  *seconds = now() - start;
  return res;
}

static int kept(const Run* r, const Buf* b) {
  if (!r->nkeep) return 1;
  for (uint32_t k = 0; k < r->nkeep; k++) if (r->keepSet[k] == b->set && r->keepBinding[k] == b->binding) return 1;
  return 0;
}

static int execute(Run* r, const char* outDir, VkCommandBuffer cb) {
  if (r->skip[0]) {
    LOG("run %s: skipped, needs %s\n", r->name, r->skip);
    for (uint32_t i = 0; i < r->nbuffers; i++) free(r->buffers[i].initial);
    free(r->push);
    return 0;
  }
  if (!r->module[0]) DIE("run %s (line %d): no module\n", r->name, r->line);
  if (!r->groups[0] || !r->groups[1] || !r->groups[2]) DIE("run %s (line %d): no dispatch\n", r->name, r->line);
  uint32_t nsets = 0;
  for (uint32_t i = 0; i < r->nbuffers; i++) if (r->buffers[i].set + 1 > nsets) nsets = r->buffers[i].set + 1;
  if (nsets > MAX_SETS) DIE("run %s: set index too large\n", r->name);
  VkDescriptorSetLayout layouts[MAX_SETS]; VkDescriptorSet sets[MAX_SETS];
  for (uint32_t s = 0; s < nsets; s++) {
    VkDescriptorSetLayoutBinding lb[MAX_BUFFERS]; uint32_t nb = 0;
    for (uint32_t i = 0; i < r->nbuffers; i++) if (r->buffers[i].set == s) {
      memset(&lb[nb], 0, sizeof lb[nb]); lb[nb].binding = r->buffers[i].binding; lb[nb].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      lb[nb].descriptorCount = 1; lb[nb].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT; nb++;
    }
    VkDescriptorSetLayoutCreateInfo dli = { VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO }; dli.bindingCount = nb; dli.pBindings = lb;
    CHK(vkCreateDescriptorSetLayout(dev, &dli, NULL, &layouts[s]));
  }
  VkPushConstantRange pcr = { VK_SHADER_STAGE_COMPUTE_BIT, 0, (uint32_t)r->pushSize };
  VkPipelineLayoutCreateInfo pli = { VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO }; pli.setLayoutCount = nsets; pli.pSetLayouts = layouts;
  if (r->pushSize) { pli.pushConstantRangeCount = 1; pli.pPushConstantRanges = &pcr; }
  VkPipelineLayout playout; CHK(vkCreatePipelineLayout(dev, &pli, NULL, &playout));
  VkDescriptorPool pool = VK_NULL_HANDLE;
  if (nsets) {
    VkDescriptorPoolSize ps = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, r->nbuffers ? r->nbuffers : 1 };
    VkDescriptorPoolCreateInfo dpi = { VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO }; dpi.maxSets = nsets; dpi.poolSizeCount = 1; dpi.pPoolSizes = &ps;
    CHK(vkCreateDescriptorPool(dev, &dpi, NULL, &pool));
    VkDescriptorSetAllocateInfo dsa = { VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO }; dsa.descriptorPool = pool; dsa.descriptorSetCount = nsets; dsa.pSetLayouts = layouts;
    CHK(vkAllocateDescriptorSets(dev, &dsa, sets));
  }
  for (uint32_t i = 0; i < r->nbuffers; i++) {
    Buf* b = &r->buffers[i]; makeBuffer(b);
    VkDescriptorBufferInfo dbi = { b->buf, 0, VK_WHOLE_SIZE };
    VkWriteDescriptorSet w = { VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET }; w.dstSet = sets[b->set]; w.dstBinding = b->binding;
    w.descriptorCount = 1; w.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER; w.pBufferInfo = &dbi;
    vkUpdateDescriptorSets(dev, 1, &w, 0, NULL);
  }
  for (uint32_t a = 0; a < r->naddr; a++) {
    Buf* b = findBuffer(r, r->addrSet[a], r->addrBinding[a]);
    if (!b || !haveAddresses || r->addrOffset[a] + 8 > r->pushSize) DIE("run %s: bad address line %u\n", r->name, a);
    VkBufferDeviceAddressInfo info = { VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO }; info.buffer = b->buf;
    uint64_t address = vkGetBufferDeviceAddress(dev, &info); memcpy(r->push + r->addrOffset[a], &address, 8);
  }
  // module and pipeline
  size_t codeSize; uint8_t* code = readFile(r->module, &codeSize);
  VkShaderModuleCreateInfo smi = { VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO }; smi.codeSize = codeSize; smi.pCode = (const uint32_t*)code;
  VkShaderModule sm = VK_NULL_HANDLE; VkResult res = vkCreateShaderModule(dev, &smi, NULL, &sm);
  VkSpecializationMapEntry entries[MAX_SPEC];
  for (uint32_t i = 0; i < r->nspec; i++) { entries[i].constantID = r->specId[i]; entries[i].offset = 4 * i; entries[i].size = 4; }
  VkSpecializationInfo spec = { r->nspec, entries, 4 * (size_t)r->nspec, r->specValue };
  VkComputePipelineCreateInfo cpci = { VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO };
  cpci.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO; cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  cpci.stage.module = sm; cpci.stage.pName = r->entry; cpci.stage.pSpecializationInfo = r->nspec ? &spec : NULL; cpci.layout = playout;
  VkPipeline pipe = VK_NULL_HANDLE;
  double t0 = now();
  if (res == VK_SUCCESS) res = vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipe);
  double compile = now() - t0;
  int status = 0;
  if (res != VK_SUCCESS) {
    LOG("run %s: module %s rejected: shader module / pipeline r=%d\n", r->name, r->module, res);
  } else {
    uint32_t differing = 0; double first = 0, total = 0;
    uint8_t** firstResult = calloc(r->nbuffers ? r->nbuffers : 1, sizeof *firstResult);
    for (uint32_t rep = 0; rep < r->repeats && res == VK_SUCCESS; rep++) {
      for (uint32_t i = 0; i < r->nbuffers; i++) memcpy(r->buffers[i].ptr, r->buffers[i].initial, r->buffers[i].size);
      double seconds; res = submit(cb, pipe, playout, sets, nsets, r, &seconds);
      total += seconds; if (rep == 0) first = seconds;
      if (res != VK_SUCCESS) break;
      int same = 1;
      for (uint32_t i = 0; i < r->nbuffers; i++) {
        Buf* b = &r->buffers[i];
        if (rep == 0) { firstResult[i] = malloc(b->size ? b->size : 1); memcpy(firstResult[i], b->ptr, b->size); }
        else if (memcmp(firstResult[i], b->ptr, b->size)) { same = 0; LOG("run %s: repeat %u differs from repeat 0 in set %u binding %u\n", r->name, rep, b->set, b->binding); }
        if (rep > 0 && r->dumpRepeats && kept(r, b)) {
          char path[1024]; snprintf(path, sizeof path, "%s/%s.r%u.s%ub%u.bin", outDir, r->name, rep, b->set, b->binding);
          writeFile(path, b->ptr, b->size);
        }
      }
      if (!same) differing++;
    }
    LOG("run %s: module %s groups %u %u %u r=%d pipeline %.3f s, first dispatch %.6f s, %u repeat(s) %.6f s, %u differing\n",
        r->name, r->module, r->groups[0], r->groups[1], r->groups[2], res, compile, first, r->repeats, total, differing);
    if (res == VK_ERROR_DEVICE_LOST) status = 3;
    else if (res == VK_SUCCESS) {
      for (uint32_t i = 0; i < r->nbuffers; i++) {
        if (!kept(r, &r->buffers[i])) continue;
        char path[1024]; snprintf(path, sizeof path, "%s/%s.s%ub%u.bin", outDir, r->name, r->buffers[i].set, r->buffers[i].binding);
        writeFile(path, firstResult[i], r->buffers[i].size);
      }
    }
    for (uint32_t i = 0; i < r->nbuffers; i++) free(firstResult[i]);
    free(firstResult);
  }
  if (pipe) vkDestroyPipeline(dev, pipe, NULL);
  if (sm) vkDestroyShaderModule(dev, sm, NULL);
  free(code);
  for (uint32_t i = 0; i < r->nbuffers; i++) freeBuffer(&r->buffers[i]);
  if (pool) vkDestroyDescriptorPool(dev, pool, NULL);
  vkDestroyPipelineLayout(dev, playout, NULL);
  for (uint32_t s = 0; s < nsets; s++) vkDestroyDescriptorSetLayout(dev, layouts[s], NULL);
  free(r->push);
  return status;
}

// ---------------------------------------------------------------------------------------------
// the job file
static uint32_t parseU32(const char* s, const char* what, int line) {
  char* end; errno = 0; unsigned long long v = strtoull(s, &end, 0);
  if (errno || *end || v > UINT32_MAX) DIE("line %d: %s '%s' is not a 32-bit unsigned number\n", line, what, s);
  return (uint32_t)v;
}

int main(int argc, char** argv) {
  if (argc != 3) { fprintf(stderr, "usage: vkrun JOBS.txt OUT_DIR\n"); return 1; }
  char path[1024]; snprintf(path, sizeof path, "%s/log.txt", argv[2]); logf_ = fopen(path, "w");
  if (!logf_) { fprintf(stderr, "cannot write %s\n", path); return 1; }
  FILE* jf = fopen(argv[1], "r"); if (!jf) DIE("cannot open %s\n", argv[1]);
  createDevice();
  VkCommandPoolCreateInfo cpi = { VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO }; cpi.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT; cpi.queueFamilyIndex = queueFamily;
  VkCommandPool cp; CHK(vkCreateCommandPool(dev, &cpi, NULL, &cp));
  VkCommandBufferAllocateInfo cba = { VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO }; cba.commandPool = cp; cba.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY; cba.commandBufferCount = 1;
  VkCommandBuffer cb; CHK(vkAllocateCommandBuffers(dev, &cba, &cb));

  static Run run; int inRun = 0, lineNo = 0, runs = 0; char line[2048];
  while (fgets(line, sizeof line, jf)) {
    lineNo++;
    char* hash = strchr(line, '#'); if (hash) *hash = 0;
    char* tok[16]; int nt = 0;
    for (char* t = strtok(line, " \t\r\n"); t && nt < 16; t = strtok(NULL, " \t\r\n")) tok[nt++] = t;
    if (!nt) continue;
    if (!strcmp(tok[0], "run") && nt == 2) {
      if (inRun) DIE("line %d: run inside run %s\n", lineNo, run.name);
      if (!validName(tok[1]) || strlen(tok[1]) >= sizeof run.name) DIE("line %d: bad run name '%s'\n", lineNo, tok[1]);
      memset(&run, 0, sizeof run); strcpy(run.name, tok[1]); strcpy(run.entry, "main"); run.repeats = 1; run.line = lineNo; inRun = 1;
    } else if (!inRun) {
      DIE("line %d: '%s' outside a run\n", lineNo, tok[0]);
    } else if (!strcmp(tok[0], "module") && nt == 2) {
      if (strlen(tok[1]) >= sizeof run.module) DIE("line %d: path too long\n", lineNo);
      strcpy(run.module, tok[1]);
    } else if (!strcmp(tok[0], "entry") && nt == 2) {
      if (strlen(tok[1]) >= sizeof run.entry) DIE("line %d: entry too long\n", lineNo);
      strcpy(run.entry, tok[1]);
    } else if (!strcmp(tok[0], "buffer") && nt == 5) {
      if (run.nbuffers == MAX_BUFFERS) DIE("line %d: too many buffers\n", lineNo);
      Buf* b = &run.buffers[run.nbuffers];
      b->set = parseU32(tok[1], "set", lineNo); b->binding = parseU32(tok[2], "binding", lineNo);
      if (findBuffer(&run, b->set, b->binding) != b && findBuffer(&run, b->set, b->binding)) DIE("line %d: binding given twice\n", lineNo);
      size_t size = parseU32(tok[3], "size", lineNo), fileSize = 0; uint8_t* data = NULL;
      if (strcmp(tok[4], "-")) data = readFile(tok[4], &fileSize);
      if (!size) size = fileSize;
      if (fileSize > size) DIE("line %d: %s holds %zu bytes, more than the buffer's %zu\n", lineNo, tok[4], fileSize, size);
      if (!size) DIE("line %d: a buffer needs a size\n", lineNo);
      b->size = size; b->initial = calloc(size, 1); if (data) memcpy(b->initial, data, fileSize); free(data);
      run.nbuffers++;
    } else if (!strcmp(tok[0], "push") && nt == 2) {
      run.push = readFile(tok[1], &run.pushSize);
      if (run.pushSize % 4) DIE("line %d: push constants must be a multiple of 4 bytes\n", lineNo);
    } else if (!strcmp(tok[0], "address") && nt == 4) {
      if (run.naddr == MAX_ADDRESSES) DIE("line %d: too many addresses\n", lineNo);
      run.addrOffset[run.naddr] = parseU32(tok[1], "offset", lineNo); run.addrSet[run.naddr] = parseU32(tok[2], "set", lineNo);
      run.addrBinding[run.naddr] = parseU32(tok[3], "binding", lineNo); run.naddr++;
    } else if (!strcmp(tok[0], "spec") && nt == 3) {
      if (run.nspec == MAX_SPEC) DIE("line %d: too many specialization constants\n", lineNo);
      run.specId[run.nspec] = parseU32(tok[1], "id", lineNo); run.specValue[run.nspec] = parseU32(tok[2], "value", lineNo); run.nspec++;
    } else if (!strcmp(tok[0], "dispatch") && nt == 4) {
      for (int i = 0; i < 3; i++) run.groups[i] = parseU32(tok[1 + i], "group count", lineNo);
    } else if (!strcmp(tok[0], "repeats") && nt == 2) {
      run.repeats = parseU32(tok[1], "repeats", lineNo); if (!run.repeats) DIE("line %d: repeats must be >= 1\n", lineNo);
    } else if (!strcmp(tok[0], "dumprepeats") && nt == 1) {
      run.dumpRepeats = 1;
    } else if (!strcmp(tok[0], "keep") && nt == 3) {
      if (run.nkeep == MAX_BUFFERS) DIE("line %d: too many keep lines\n", lineNo);
      run.keepSet[run.nkeep] = parseU32(tok[1], "set", lineNo); run.keepBinding[run.nkeep] = parseU32(tok[2], "binding", lineNo);
      run.nkeep++;
    } else if (!strcmp(tok[0], "needs") && nt >= 2) {
      char what[192]; what[0] = 0;
      for (int i = 1; i < nt; i++) { strncat(what, tok[i], sizeof what - strlen(what) - 2); strcat(what, " "); }
      int there;
      if (!strcmp(tok[1], "feature") && nt == 3) {
        there = featureThere(tok[2], lineNo);
      } else if (!strcmp(tok[1], "matrix") && nt == 8) {
        uint32_t v[6]; for (int i = 0; i < 6; i++) v[i] = parseU32(tok[2 + i], "needs value", lineNo);
        there = matrixListed((int32_t)v[0], v[1], v[2], v[3], (int32_t)v[4], v[5]);
      } else if (!strcmp(tok[1], "muladd") && nt == 12) {
        uint32_t v[10]; for (int i = 0; i < 10; i++) v[i] = parseU32(tok[2 + i], "needs value", lineNo);
        there = mulAddListed(v);
      } else {
        DIE("line %d: malformed needs line\n", lineNo);
      }
      if (!there && !run.skip[0]) snprintf(run.skip, sizeof run.skip, "%s", what);
    } else if (!strcmp(tok[0], "end") && nt == 1) {
      inRun = 0; runs++;
      if (execute(&run, argv[2], cb)) { LOG("device lost, stopping\n"); return 3; }
    } else {
      DIE("line %d: unknown or malformed command '%s'\n", lineNo, tok[0]);
    }
  }
  if (inRun) DIE("run %s has no end\n", run.name);
  LOG("done: %d run(s)\n", runs);
  return 0;
}
