#include "marshal/marshal_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <limits>

#include "code/error.hpp"
#include "marshal/marshal_long.hpp"
#include "marshal/marshal_stream.hpp"
#include "text/utf8.hpp"

namespace depyf {

namespace {

constexpr std::uint8_t kFlagRef = 0x80;

// Tracks recursion so hostile nesting fails cleanly instead of overflowing
// the native stack.
class DepthGuard {
 public:
  explicit DepthGuard(int& depth) : depth_(depth) { ++depth_; }
  ~DepthGuard() { --depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

 private:
  int& depth_;
};

std::string describe_type_code(std::uint8_t byte) {
  char buffer[32];
  if (byte >= 0x20 && byte < 0x7F) {
    std::snprintf(buffer, sizeof buffer, "'%c' (0x%02x)", byte, byte);
  } else {
    std::snprintf(buffer, sizeof buffer, "0x%02x", byte);
  }
  return buffer;
}

// One shared instance per singleton: a byte of input must not cost a heap
// allocation of a whole Constant, or a megabyte of "NNN..." costs 100 MB.
ConstantPtr make_singleton(Constant::Kind kind, bool value) {
  auto constant = std::make_shared<Constant>();
  constant->kind = kind;
  constant->boolean = value;
  return constant;
}

ConstantPtr shared_singleton(Constant::Kind kind, bool value = false) {
  static const ConstantPtr none = make_singleton(Constant::Kind::None, false);
  static const ConstantPtr ellipsis = make_singleton(Constant::Kind::Ellipsis, false);
  static const ConstantPtr stop_iteration = make_singleton(Constant::Kind::StopIteration, false);
  static const ConstantPtr true_value = make_singleton(Constant::Kind::Bool, true);
  static const ConstantPtr false_value = make_singleton(Constant::Kind::Bool, false);
  switch (kind) {
    case Constant::Kind::None: return none;
    case Constant::Kind::Ellipsis: return ellipsis;
    case Constant::Kind::StopIteration: return stop_iteration;
    default: return value ? true_value : false_value;
  }
}

ConstantPtr make_sequence_kind(Constant::Kind kind, std::vector<ConstantPtr> items) {
  return Constant::make_sequence(kind, std::move(items));
}

}  // namespace

const char* python_type_name(Constant::Kind kind) {
  switch (kind) {
    case Constant::Kind::None: return "NoneType";
    case Constant::Kind::Ellipsis: return "ellipsis";
    case Constant::Kind::StopIteration: return "type";
    case Constant::Kind::Bool: return "bool";
    case Constant::Kind::Int: return "int";
    case Constant::Kind::Float: return "float";
    case Constant::Kind::Complex: return "complex";
    case Constant::Kind::Bytes: return "bytes";
    case Constant::Kind::Str: return "str";
    case Constant::Kind::Tuple: return "tuple";
    case Constant::Kind::List: return "list";
    case Constant::Kind::Set: return "set";
    case Constant::Kind::FrozenSet: return "frozenset";
    case Constant::Kind::Dict: return "dict";
    case Constant::Kind::FrozenDict: return "frozendict";
    case Constant::Kind::Slice: return "slice";
    case Constant::Kind::Code: return "code";
    case Constant::Kind::Opaque: return "object";
  }
  return "object";
}

void MarshalStream::fail(const std::string& message, std::size_t at) const {
  throw Error("bad marshal data: " + message + " at offset " + std::to_string(at));
}

ConstantPtr MarshalStream::read_object(const char* context) {
  const std::size_t start = cursor_.offset();
  ConstantPtr object = read_object_or_null();
  if (!object) fail(std::string("NULL object where ") + context + " was expected", start);
  return object;
}

ConstantPtr MarshalStream::read_object_or_null() {
  const std::size_t start = cursor_.offset();
  DepthGuard guard(depth_);
  if (depth_ > kMaxMarshalDepth) {
    fail("objects nested more than " + std::to_string(kMaxMarshalDepth) + " levels deep", start);
  }
  const std::uint8_t byte = cursor_.read_u8("type code");
  const bool add_ref = (byte & kFlagRef) != 0;
  const char type = static_cast<char>(byte & ~kFlagRef);
  const Expansion before{expanded_nodes_, expanded_code_objects_, expanded_code_bytes_};
  if (type != '0' && type != 'r') count_nodes(1, start);
  // The singletons never take a reference slot, whatever their flag says:
  // CPython's reader ignores FLAG_REF on them too.
  switch (type) {
    case '0': return nullptr;
    case 'N': return shared_singleton(Constant::Kind::None);
    case '.': return shared_singleton(Constant::Kind::Ellipsis);
    case 'T': return shared_singleton(Constant::Kind::Bool, true);
    case 'F': return shared_singleton(Constant::Kind::Bool, false);
    case 'S': return shared_singleton(Constant::Kind::StopIteration);
    case 'r': return read_reference(start);
    default: break;
  }
  return read_tagged(type, add_ref, start, before);
}

void MarshalStream::count_nodes(std::uint64_t nodes, std::size_t at) {
  expanded_nodes_ += nodes;  // cannot overflow: each term is at most the limit
  if (expanded_nodes_ > kMaxMarshalExpandedNodes) {
    fail("references expand to more than " + std::to_string(kMaxMarshalExpandedNodes) + " objects", at);
  }
}

void MarshalStream::count_code_objects(std::uint64_t code_objects, std::uint64_t code_bytes, std::size_t at) {
  // Cannot overflow: each term is at most its limit (a co_code is at most 2 GiB).
  expanded_code_objects_ += code_objects;
  expanded_code_bytes_ += code_bytes;
  if (expanded_code_objects_ > kMaxMarshalExpandedCodeObjects) {
    fail("references expand to more than " + std::to_string(kMaxMarshalExpandedCodeObjects) + " code objects", at);
  }
  if (expanded_code_bytes_ > kMaxMarshalExpandedCodeBytes) {
    fail("references expand to more than " + std::to_string(kMaxMarshalExpandedCodeBytes) + " bytes of bytecode", at);
  }
}

ConstantPtr MarshalStream::read_reference(std::size_t start) {
  const std::int32_t index = cursor_.read_i32("reference index");
  if (index < 0 || static_cast<std::size_t>(index) >= refs_.size()) {
    fail("reference to object " + std::to_string(index) + " but only " + std::to_string(refs_.size()) +
             " objects are referable",
         start);
  }
  const RefSlot& slot = refs_[static_cast<std::size_t>(index)];
  if (!slot.object) fail("reference to object " + std::to_string(index) + " while it is still being read", start);
  count_nodes(slot.expanded.nodes, start);
  count_code_objects(slot.expanded.code_objects, slot.expanded.code_bytes, start);
  return slot.object;
}

ConstantPtr MarshalStream::read_tagged(char type, bool add_ref, std::size_t start, Expansion before) {
  const bool is_container = type == '(' || type == ')' || type == '[' || type == '{' || type == '<' || type == '>' ||
                            type == ':' || type == 'c';
  const std::size_t slot = (add_ref && is_container) ? reserve_ref() : 0;
  ConstantPtr object;
  switch (type) {
    case 'i': object = Constant::make_int(std::to_string(cursor_.read_i32("int32 value"))); break;
    case 'I': object = read_int64(start); break;
    case 'l': object = read_long(start); break;
    case 'f': object = Constant::make_float(read_text_float("float text")); break;
    case 'g': object = Constant::make_float(cursor_.read_f64("binary float")); break;
    case 'x': {
      const double real = read_text_float("complex real part");
      object = Constant::make_complex(real, read_text_float("complex imaginary part"));
      break;
    }
    case 'y': {
      const double real = cursor_.read_f64("complex real part");
      object = Constant::make_complex(real, cursor_.read_f64("complex imaginary part"));
      break;
    }
    case 's':
    case 't':
    case 'u':
    case 'a':
    case 'A':
    case 'z':
    case 'Z': object = read_string(type, start); break;
    case '(': object = read_sequence(Constant::Kind::Tuple, read_size("tuple size", start), start); break;
    case ')': object = read_sequence(Constant::Kind::Tuple, cursor_.read_u8("small tuple size"), start); break;
    case '[': object = read_sequence(Constant::Kind::List, read_size("list size", start), start); break;
    case '<': object = read_sequence(Constant::Kind::Set, read_size("set size", start), start); break;
    case '>': object = read_sequence(Constant::Kind::FrozenSet, read_size("frozenset size", start), start); break;
    case '{': object = read_dict(Constant::Kind::Dict); break;
    case '}': object = read_dict(Constant::Kind::FrozenDict); break;
    case ':': object = read_slice(); break;
    case 'c':
      count_code_objects(1, 0, start);
      object = read_code(start);
      count_code_objects(0, object->code->code.size(), start);
      break;
    default:
      fail("unknown type code " + describe_type_code(static_cast<std::uint8_t>(type) | (add_ref ? kFlagRef : 0)),
           start);
  }
  if (add_ref) {
    const RefSlot filled{object,
                         {expanded_nodes_ - before.nodes, expanded_code_objects_ - before.code_objects,
                          expanded_code_bytes_ - before.code_bytes}};
    if (is_container) {
      refs_[slot] = filled;
    } else {
      refs_.push_back(filled);
    }
  }
  return object;
}

std::size_t MarshalStream::read_size(const char* what, std::size_t start) {
  const std::int32_t size = cursor_.read_i32(what);
  if (size < 0) fail(std::string(what) + " is negative (" + std::to_string(size) + ")", start);
  if (static_cast<std::size_t>(size) > cursor_.remaining()) {
    fail(std::string(what) + " " + std::to_string(size) + " exceeds the " + std::to_string(cursor_.remaining()) +
             " bytes left",
         start);
  }
  return static_cast<std::size_t>(size);
}

ConstantPtr MarshalStream::read_int64(std::size_t) {
  return Constant::make_int(std::to_string(cursor_.read_i64("int64 value")));
}

ConstantPtr MarshalStream::read_long(std::size_t start) {
  const std::int32_t signed_count = cursor_.read_i32("long digit count");
  const bool negative = signed_count < 0;
  // Widen before negating: -INT32_MIN does not fit in 32 bits.
  const std::uint64_t count = negative ? std::uint64_t(-std::int64_t{signed_count}) : std::uint64_t(signed_count);
  if (count > cursor_.remaining() / 2) {
    fail("long of " + std::to_string(count) + " digits exceeds the " + std::to_string(cursor_.remaining()) +
             " bytes left",
         start);
  }
  if (count > kMaxMarshalLongDigits) {
    fail("long of " + std::to_string(count) + " digits is larger than the supported " +
             std::to_string(kMaxMarshalLongDigits),
         start);
  }
  std::vector<std::uint16_t> digits(static_cast<std::size_t>(count));
  for (auto& digit : digits) {
    const std::size_t digit_offset = cursor_.offset();
    digit = cursor_.read_u16("long digit");
    if (digit > 0x7FFF) fail("long digit out of range", digit_offset);
  }
  if (!digits.empty() && digits.back() == 0) fail("unnormalized long (leading zero digit)", start);
  return Constant::make_int(marshal_long_to_decimal(digits, negative));
}

// Text floats come from marshal format versions 0 and 1 (repr text).
double MarshalStream::read_text_float(const char* what) {
  const std::size_t start = cursor_.offset();
  const std::size_t length = cursor_.read_u8(what);
  std::string_view text = cursor_.read_bytes(length, what);
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  // from_chars reports out-of-range for 1e999; Python's parser gives inf there, but marshal
  // never writes such text (it writes "inf"), so refusing it is fine.
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    fail(std::string("invalid ") + what + " '" + std::string(text) + "'", start);
  }
  return negative ? -value : value;
}

ConstantPtr MarshalStream::read_string(char type, std::size_t start) {
  const bool short_size = type == 'z' || type == 'Z';
  const std::size_t size = short_size ? cursor_.read_u8("string size") : read_size("string size", start);
  const std::string_view raw = cursor_.read_bytes(size, "string data");
  if (type == 's') return Constant::make_bytes(std::string(raw));
  if (type == 't' || type == 'u') {
    const std::size_t bad = find_invalid_utf8(raw);
    if (bad != std::string_view::npos) {
      fail("invalid UTF-8 in string", cursor_.offset() - raw.size() + bad);
    }
    return Constant::make_str(std::string(raw));
  }
  return Constant::make_str(latin1_to_utf8(raw));
}

ConstantPtr MarshalStream::read_sequence(Constant::Kind kind, std::size_t count, std::size_t) {
  std::vector<ConstantPtr> items;
  // Nested containers could each claim nearly all remaining bytes, so the
  // count only hints at the first allocation; growth follows real items.
  items.reserve(std::min<std::size_t>(count, 1024));
  const char* context = kind == Constant::Kind::Tuple  ? "a tuple item"
                        : kind == Constant::Kind::List ? "a list item"
                                                       : "a set item";
  for (std::size_t i = 0; i < count; ++i) items.push_back(read_object(context));
  return make_sequence_kind(kind, std::move(items));
}

ConstantPtr MarshalStream::read_dict(Constant::Kind kind) {
  std::vector<ConstantPtr> items;
  // A NULL key ends the dict. CPython also stops quietly at a NULL value
  // (dropping the key); do the same so both accept the same data.
  for (;;) {
    ConstantPtr key = read_object_or_null();
    if (!key) break;
    ConstantPtr value = read_object_or_null();
    if (!value) break;
    items.push_back(std::move(key));
    items.push_back(std::move(value));
  }
  return make_sequence_kind(kind, std::move(items));
}

ConstantPtr MarshalStream::read_slice() {
  std::vector<ConstantPtr> items;
  items.push_back(read_object("a slice start"));
  items.push_back(read_object("a slice stop"));
  items.push_back(read_object("a slice step"));
  return make_sequence_kind(Constant::Kind::Slice, std::move(items));
}

ConstantPtr read_marshal_object(std::string_view data, PythonVersion version) {
  MarshalStream stream(data, version);
  // Trailing bytes are ignored, as CPython's marshal.loads and pyc loading do.
  return stream.read_object("an object");
}

CodePtr MarshalStream::read_code_object() {
  const std::size_t start = cursor_.offset();
  ConstantPtr object = read_object("a code object");
  if (object->kind != Constant::Kind::Code || !object->code) {
    fail(std::string("expected a code object, found ") + python_type_name(object->kind), start);
  }
  return object->code;
}

CodePtr read_marshal_code(std::string_view data, PythonVersion version) {
  MarshalStream stream(data, version);
  return stream.read_code_object();
}

}  // namespace depyf
