// libFuzzer target: the first byte picks the Python version (3.8-3.13), the
// rest is marshal data for a code object, run through reader, decoder and
// both listings. Reaching the code-object layouts of every version directly
// (without a valid pyc header) lets the fuzzer spend its time in the reader.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "code/error.hpp"
#include "disasm/listing.hpp"
#include "marshal/marshal_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const depyf::PythonVersion version{3, 8 + data[0] % 6};
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    const depyf::CodePtr code = depyf::read_marshal_code(bytes, version);
    (void)depyf::json_listing(*code);
    (void)depyf::text_listing(*code);
  } catch (const depyf::Error&) {
  }
  return 0;
}
