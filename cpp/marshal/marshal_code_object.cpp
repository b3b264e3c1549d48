// Code objects in marshal data. Their field list changed in 3.11 (nlocals
// dropped; varnames/freevars/cellvars merged into localsplus names+kinds;
// qualname and the exception table added), so the layout is chosen by the
// version the caller says wrote the data.
#include <string>

#include "code/error.hpp"
#include "marshal/marshal_stream.hpp"

namespace depyf {

// Reads the fields of one code object in order, checking each one's type the
// way CPython's code constructor would, so later stages can rely on it.
class CodeFieldReader {
 public:
  CodeFieldReader(MarshalStream& stream, std::size_t start) : stream_(stream), start_(start) {}

  int count(const char* field) {
    const std::size_t at = stream_.offset();
    const std::int32_t value = stream_.cursor_.read_i32(field);
    if (value < 0) stream_.fail(std::string(field) + " is negative (" + std::to_string(value) + ")", at);
    return value;
  }

  std::int32_t int32(const char* field) { return stream_.cursor_.read_i32(field); }

  ConstantPtr typed(const char* field, Constant::Kind kind) {
    const std::size_t at = stream_.offset();
    ConstantPtr object = stream_.read_object(field);
    if (object->kind != kind) {
      stream_.fail(
          std::string(field) + " is a " + python_type_name(object->kind) + ", expected " + python_type_name(kind), at);
    }
    return object;
  }

  std::string bytes(const char* field) { return typed(field, Constant::Kind::Bytes)->text; }
  std::string str(const char* field) { return typed(field, Constant::Kind::Str)->text; }
  std::vector<ConstantPtr> tuple(const char* field) { return typed(field, Constant::Kind::Tuple)->items; }

  std::vector<std::string> str_tuple(const char* field) {
    const std::size_t at = stream_.offset();
    std::vector<std::string> strings;
    for (const auto& item : tuple(field)) {
      if (item->kind != Constant::Kind::Str) {
        stream_.fail(std::string(field) + " holds a " + python_type_name(item->kind) + ", expected only str", at);
      }
      strings.push_back(item->text);
    }
    return strings;
  }

  [[noreturn]] void fail(const std::string& message) { stream_.fail(message, start_); }

 private:
  MarshalStream& stream_;
  std::size_t start_;
};

namespace {

void read_fields_3_8_to_3_10(CodeFieldReader& read, CodeObject& code) {
  code.argcount = read.count("co_argcount");
  code.posonlyargcount = read.count("co_posonlyargcount");
  code.kwonlyargcount = read.count("co_kwonlyargcount");
  code.nlocals = read.count("co_nlocals");
  code.stacksize = read.count("co_stacksize");
  code.flags = static_cast<std::uint32_t>(read.int32("co_flags"));
  code.code = read.bytes("co_code");
  code.consts = read.tuple("co_consts");
  code.names = read.str_tuple("co_names");
  code.varnames = read.str_tuple("co_varnames");
  code.freevars = read.str_tuple("co_freevars");
  code.cellvars = read.str_tuple("co_cellvars");
  code.filename = read.str("co_filename");
  code.name = read.str("co_name");
  code.firstlineno = read.int32("co_firstlineno");
  code.linetable = read.bytes(code.version.minor <= 9 ? "co_lnotab" : "co_linetable");
  // These versions do not store a qualname; a later stage derives it.
  code.qualname = code.name;
  code.qualname_is_synthesised = true;
}

void read_fields_3_11_to_3_13(CodeFieldReader& read, CodeObject& code) {
  code.argcount = read.count("co_argcount");
  code.posonlyargcount = read.count("co_posonlyargcount");
  code.kwonlyargcount = read.count("co_kwonlyargcount");
  code.stacksize = read.count("co_stacksize");
  code.flags = static_cast<std::uint32_t>(read.int32("co_flags"));
  code.code = read.bytes("co_code");
  code.consts = read.tuple("co_consts");
  code.names = read.str_tuple("co_names");
  code.localsplus_names = read.str_tuple("co_localsplusnames");
  const std::string kinds = read.bytes("co_localspluskinds");
  code.localsplus_kinds.assign(kinds.begin(), kinds.end());
  code.filename = read.str("co_filename");
  code.name = read.str("co_name");
  code.qualname = read.str("co_qualname");
  code.firstlineno = read.int32("co_firstlineno");
  code.linetable = read.bytes("co_linetable");
  code.exceptiontable = read.bytes("co_exceptiontable");
  if (code.localsplus_kinds.size() != code.localsplus_names.size()) {
    read.fail("code object has " + std::to_string(code.localsplus_names.size()) + " localsplus names but " +
              std::to_string(code.localsplus_kinds.size()) + " kinds");
  }
}

// The argument counts index into the variables; CPython's constructor
// refuses code whose varnames cannot hold the arguments, and so do we.
void check_argument_counts(CodeFieldReader& read, const CodeObject& code) {
  if (code.posonlyargcount > code.argcount) read.fail("co_posonlyargcount exceeds co_argcount");
  const std::size_t total = std::size_t(code.argcount) + std::size_t(code.kwonlyargcount) +
                            ((code.flags & kFlagVarargs) ? 1 : 0) + ((code.flags & kFlagVarKeywords) ? 1 : 0);
  if (total > code.varnames.size()) {
    read.fail("code object has " + std::to_string(total) + " arguments but only " +
              std::to_string(code.varnames.size()) + " local variable names");
  }
}

}  // namespace

ConstantPtr MarshalStream::read_code(std::size_t start) {
  if (!is_supported(version_)) {
    fail("cannot read a code object of Python " + version_.to_string() +
             " (supported: " + kOldestSupported.to_string() + " to " + kNewestSupported.to_string() + ")",
         start);
  }
  auto code = std::make_shared<CodeObject>();
  code->version = version_;
  CodeFieldReader read(*this, start);
  if (version_.minor <= 10) {
    read_fields_3_8_to_3_10(read, *code);
  } else {
    read_fields_3_11_to_3_13(read, *code);
  }
  code->complete_variable_views();
  check_argument_counts(read, *code);
  return Constant::make_code(std::move(code));
}

}  // namespace depyf
