# `cpack -G DEB` in a build directory: a Debian package of what `cmake --install` installs. The
# shared libraries the binary links come from dpkg-shlibdeps; GL itself is loaded at run time (glad)
# with Mesa's drivers, so those are named here.
set(CPACK_PACKAGE_NAME bvhscope)
set(CPACK_PACKAGE_VENDOR "bvhscope")
set(CPACK_PACKAGE_CONTACT "bvhscope maintainers <bvhscope@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "real-time viewer for BVH motion-capture files")
set(CPACK_PACKAGE_DESCRIPTION
    "bvhscope shows BVH (Biovision Hierarchy) files as animated skeletons, compares clips, and has a
headless command line on the same engine: info, export, convert, render (PNG and video), thumbnail,
metrics, compare and lint.")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libgl1, libgl1-mesa-dri, libegl-mesa0, libassimp5")
# libassimp5: the FBX reader loads it at run time (engine/formats/fbx_assimp.cpp), so the package's
# shared-library scan does not see it.
if(BVHSCOPE_PYTHON)
  # The Python module (python/, built for one python3 version) is in this package too.
  math(EXPR bvhscope_python_next "${Python3_VERSION_MINOR} + 1")
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}),"
         " python3 (<< ${Python3_VERSION_MAJOR}.${bvhscope_python_next}), python3-numpy")
endif()
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "ffmpeg, zenity")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://example.invalid/bvhscope")
include(CPack)
