# Prints the sizes of the built app files (issue: report the size of chokepoint.wasm and chokepoint.js).
foreach(f chokepoint.wasm chokepoint.js chokepoint.data)
  if(EXISTS "${APP_DIR}/${f}")
    file(SIZE "${APP_DIR}/${f}" s)
    math(EXPR kb "${s} / 1024")
    message(STATUS "app size: ${f} ${s} bytes (${kb} KiB)")
  endif()
endforeach()
