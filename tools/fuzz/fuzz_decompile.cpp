// libFuzzer target: arbitrary bytes as a .pyc file, read and then decompiled
// (module body, nested functions, lambdas, comprehensions, classes). A
// depyf::Error is a correct answer to bad or unsupported input; a crash, a
// sanitizer report, a hang or any other exception is a bug. Any other
// exception escapes, and libFuzzer reports it as a crash ("uncaught C++
// exception") with the input saved.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "code/error.hpp"
#include "decompile/decompiler.hpp"
#include "marshal/pyc_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  depyf::PycFile pyc;
  try {
    pyc = depyf::read_pyc(bytes);
  } catch (const depyf::Error&) {
    return 0;  // not a readable pyc: fuzz_pyc covers the reader, keep it out of this corpus
  }
  try {
    (void)depyf::decompile::decompile_source(*pyc.code);
  } catch (const depyf::Error&) {
  }
  return 0;
}
