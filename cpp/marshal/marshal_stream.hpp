// The state of one marshal read: the cursor, the reference table and the
// nesting depth. Internal to cpp/marshal: marshal_reader.cpp reads values,
// marshal_code_object.cpp reads code objects, both through this class.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "code/code_object.hpp"
#include "marshal/byte_cursor.hpp"

namespace depyf {

// CPython's MAX_MARSHAL_STACK_DEPTH: deeper data is refused rather than
// risking a stack overflow in the recursive reader.
inline constexpr int kMaxMarshalDepth = 2000;

// References let a few bytes describe a tree of exponential size (a tuple
// holding the previous tuple twice, sixty times over). The reader itself
// shares the objects, but every consumer that walks or prints constants would
// expand them, so data whose expanded tree is larger than this is refused.
// Real modules stay far below it (the largest standard library .pyc expands
// to well under a million nodes).
inline constexpr std::uint64_t kMaxMarshalExpandedNodes = std::uint64_t{1} << 24;

// The same expansion counted in code objects, which cost far more per node:
// listings and the decompiler handle every nested code object once per
// reference, as dis does. A tuple of sixteen references to a code object whose
// constants are sixteen references to the next, five levels deep, is under a
// kilobyte but a million functions (minutes to list, hundreds of megabytes of
// output). The largest standard-library module has under 2000 code objects.
inline constexpr std::uint64_t kMaxMarshalExpandedCodeObjects = std::uint64_t{1} << 15;
// And in bytes of bytecode (co_code), since one shared co_code or one shared
// code object can be listed thousands of times. The largest standard-library
// module has about 300 KB of bytecode in all.
inline constexpr std::uint64_t kMaxMarshalExpandedCodeBytes = std::uint64_t{1} << 23;

class MarshalStream {
 public:
  // Reading starts at data[start_offset]; error messages give offsets into
  // `data`, so a .pyc reader passing the whole file reports file offsets.
  MarshalStream(std::string_view data, PythonVersion version, std::size_t start_offset = 0)
      : cursor_(data, start_offset), version_(version) {}

  // One complete object; a NULL marker is an error here.
  ConstantPtr read_object(const char* context);

  // One complete object that must be a code object.
  CodePtr read_code_object();

  std::size_t offset() const { return cursor_.offset(); }

 private:
  friend class CodeFieldReader;  // marshal_code_object.cpp

  // nullptr for a NULL marker ('0'); the caller decides whether that is valid.
  ConstantPtr read_object_or_null();
  // Expanded-node and code-object counts before this object, so its own
  // expanded size is known when it is stored for later references.
  struct Expansion {
    std::uint64_t nodes = 0;
    std::uint64_t code_objects = 0;
    std::uint64_t code_bytes = 0;
  };
  ConstantPtr read_tagged(char type, bool add_ref, std::size_t start, Expansion before);
  ConstantPtr read_reference(std::size_t start);

  ConstantPtr read_int64(std::size_t start);
  ConstantPtr read_long(std::size_t start);
  double read_text_float(const char* what);
  ConstantPtr read_string(char type, std::size_t start);
  ConstantPtr read_sequence(Constant::Kind kind, std::size_t count, std::size_t start);
  ConstantPtr read_dict(Constant::Kind kind);
  ConstantPtr read_slice();
  ConstantPtr read_code(std::size_t start);

  // A size field: non-negative, and no more items than bytes left (each
  // item takes at least one byte), so nothing is allocated on its word.
  std::size_t read_size(const char* what, std::size_t start);

  // Slots for objects whose children may refer back to earlier objects:
  // reserved before the children are read, as CPython's r_ref_reserve does.
  std::size_t reserve_ref() {
    refs_.push_back({});
    return refs_.size() - 1;
  }

  void count_nodes(std::uint64_t nodes, std::size_t at);
  void count_code_objects(std::uint64_t code_objects, std::uint64_t code_bytes, std::size_t at);

  [[noreturn]] void fail(const std::string& message, std::size_t at) const;

  ByteCursor cursor_;
  PythonVersion version_;
  struct RefSlot {
    ConstantPtr object;  // nullptr: reserved, object still being read
    Expansion expanded;
  };
  std::vector<RefSlot> refs_;
  int depth_ = 0;
  std::uint64_t expanded_nodes_ = 0;  // nodes of the tree read so far, references expanded
  std::uint64_t expanded_code_objects_ = 0;  // code objects among them
  std::uint64_t expanded_code_bytes_ = 0;    // and the sum of their co_code sizes
};

// Python's name for a constant's type, for error messages.
const char* python_type_name(Constant::Kind kind);

}  // namespace depyf
