// libFuzzer target: the first byte picks the Python version (3.8-3.13), the
// rest is marshal data, run through the reader, Python-style repr of the
// object and, when it is a code object, the decoder and both listings.
// Reaching the code-object layouts of every version directly (without a valid
// pyc header) lets the fuzzer spend its time in the reader.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "code/error.hpp"
#include "disasm/listing.hpp"
#include "marshal/marshal_reader.hpp"
#include "text/python_repr.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const depyf::PythonVersion version{3, 8 + data[0] % 6};
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    const depyf::ConstantPtr object = depyf::read_marshal_object(bytes, version);
    (void)depyf::repr_constant(*object, version);
    if (object->kind == depyf::Constant::Kind::Code && object->code) {
      (void)depyf::json_listing(*object->code);
      (void)depyf::text_listing(*object->code);
    }
  } catch (const depyf::Error&) {
  }
  return 0;
}
