# Prints the sizes of the built app files: chokepoint.wasm, chokepoint.js and chokepoint.data when present.
foreach(f chokepoint.wasm chokepoint.js chokepoint.data)
  if(EXISTS "${APP_DIR}/${f}")
    file(SIZE "${APP_DIR}/${f}" s)
    math(EXPR kb "${s} / 1024")
    message(STATUS "app size: ${f} ${s} bytes (${kb} KiB)")
  endif()
endforeach()
