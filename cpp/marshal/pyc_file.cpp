#include "marshal/pyc_file.hpp"

#include <string>

#include "code/error.hpp"
#include "marshal/byte_cursor.hpp"
#include "marshal/magic_numbers.hpp"
#include "marshal/marshal_stream.hpp"

namespace depyf {

namespace {

// PEP 552 header, used from 3.7 on: magic, flags, then 8 bytes of either
// mtime + source size or the source hash.
constexpr std::size_t kPycHeaderSize = 16;
constexpr std::uint32_t kFlagHashBased = 0x1;
constexpr std::uint32_t kFlagCheckSource = 0x2;

std::string supported_range() {
  return "supported: " + kOldestSupported.to_string() + " to " + kNewestSupported.to_string();
}

}  // namespace

PythonVersion version_from_magic(std::uint16_t magic) {
  const auto version = python3_version_for_magic(magic);
  if (version && is_supported(*version)) return *version;
  const std::string release = release_name_for_magic(magic);
  if (release.empty()) {
    throw Error("unknown .pyc magic number " + std::to_string(magic) + "; " + supported_range());
  }
  throw Error("unsupported Python version " + release + " (magic " + std::to_string(magic) + "); " + supported_range());
}

PycHeader read_pyc_header(std::string_view data) {
  if (data.size() < kPycHeaderSize) {
    throw Error("not a .pyc file: " + std::to_string(data.size()) + " bytes is shorter than the " +
                std::to_string(kPycHeaderSize) + "-byte header");
  }
  ByteCursor cursor(data);
  PycHeader header;
  header.magic = cursor.read_u16("magic number");
  if (cursor.read_u16("magic number suffix") != ('\r' | ('\n' << 8))) {
    throw Error("not a .pyc file: the magic number " + std::to_string(header.magic) +
                " is not followed by \\r\\n at offset 2");
  }
  header.version = version_from_magic(header.magic);
  header.flags = cursor.read_u32("flags");
  if (header.flags & ~(kFlagHashBased | kFlagCheckSource)) {
    throw Error("bad .pyc header: invalid flags " + std::to_string(header.flags) + " at offset 4");
  }
  header.hash_based = (header.flags & kFlagHashBased) != 0;
  if (header.hash_based) {
    header.check_source = (header.flags & kFlagCheckSource) != 0;
    header.source_hash = cursor.read_u64("source hash");
  } else {
    header.mtime = cursor.read_u32("source mtime");
    header.source_size = cursor.read_u32("source size");
  }
  return header;
}

PycFile read_pyc(std::string_view data) {
  PycFile pyc;
  pyc.header = read_pyc_header(data);
  // Bytes after the code object are ignored, as CPython's loader does.
  MarshalStream stream(data, pyc.header.version, kPycHeaderSize);
  pyc.code = stream.read_code_object();
  return pyc;
}

}  // namespace depyf
