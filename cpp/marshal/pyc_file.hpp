// .pyc files: the 16-byte header (magic, flags, mtime+size or source hash)
// followed by a marshalled module code object.
#pragma once

#include <cstdint>
#include <string_view>

#include "code/code_object.hpp"

namespace depyf {

struct PycHeader {
  std::uint16_t magic = 0;  // the little-endian number before "\r\n"
  PythonVersion version;
  std::uint32_t flags = 0;
  bool hash_based = false;
  bool check_source = false;  // hash-based pycs only
  std::uint32_t mtime = 0;    // timestamp pycs only
  std::uint32_t source_size = 0;
  std::uint64_t source_hash = 0;  // hash-based pycs only
};

struct PycFile {
  PycHeader header;
  CodePtr code;
};

// Version for a magic number, including pre-release magics of each version's
// range; throws depyf::Error for magics outside 3.8-3.13.
PythonVersion version_from_magic(std::uint16_t magic);

PycHeader read_pyc_header(std::string_view data);
PycFile read_pyc(std::string_view data);

}  // namespace depyf
