// The implementation of Debian's tinygltf (libtinygltf-dev, with nlohmann-json3-dev), compiled here
// so that it is built, sanitised and fuzzed with the rest of bvhscope rather than linked from its
// shared library. Images are never decoded (bvhscope reads skeletons and animation) and files are
// only reached through the callbacks gltf_document.cpp gives it (the TINYGLTF_NO_* definitions that
// say so are on the bvhscope::tinygltf target: every file including tiny_gltf.h must see them).
// With TINYGLTF_NO_FS its writers still name std::ofstream without including it.
#include <fstream>

#define TINYGLTF_IMPLEMENTATION
#include <tiny_gltf.h>
