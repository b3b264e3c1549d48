// libFuzzer target: arbitrary bytes as a .pyc file, through the reader, the
// decoder and both listings. Any depyf::Error is a correct answer; a crash,
// a sanitizer report, a hang or any other exception is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "code/error.hpp"
#include "disasm/listing.hpp"
#include "marshal/pyc_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try {
    const depyf::PycFile pyc = depyf::read_pyc(bytes);
    (void)depyf::json_listing(*pyc.code);
    (void)depyf::text_listing(*pyc.code);
  } catch (const depyf::Error&) {
  }
  return 0;
}
