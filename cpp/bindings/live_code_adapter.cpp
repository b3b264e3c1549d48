#include "bindings/live_code_adapter.hpp"

#include <string>
#include <unordered_map>
#include <vector>

#include "bindings/py_ref.hpp"
#include "code/error.hpp"
#include "marshal/marshal_reader.hpp"
#include "opcodes/opcode_table.hpp"

#if defined(__unix__) && Py_LIMITED_API < 0x030A0000
// Part of the limited API only from 3.10 on, but exported under the same
// name and signature by every CPython 3 on Unix (Windows' python3.dll lists
// only the limited API of its version).
extern "C" const char* PyUnicode_AsUTF8AndSize(PyObject* unicode, Py_ssize_t* size);
#define DEPYF_HAVE_AS_UTF8_AND_SIZE 1
#endif

namespace depyf::bindings {

namespace {

PyObject* g_code_type = nullptr;  // types.CodeType, kept alive for the process
PythonVersion g_version;

// Deeper than any real constant; stops a pathological self-made tuple nest
// from exhausting the C stack.
constexpr int kMaxConstantDepth = 200;

// Attribute names as interned str objects made once: PyObject_GetAttrString
// would build and intern a new str for each of the ~20 reads per code object.
// Keyed by the literal's address; only touched with the GIL held.
PyObject* attribute_name(const char* name) {
  static std::unordered_map<const char*, PyObject*> names;
  auto [it, inserted] = names.try_emplace(name, nullptr);
  if (inserted) it->second = PyUnicode_InternFromString(name);  // kept for the process
  if (it->second == nullptr) {
    names.erase(it);
    throw PythonErrorAlreadySet{};
  }
  return it->second;
}

PyRef attribute(PyObject* object, const char* name) { return checked(PyObject_GetAttr(object, attribute_name(name))); }

long long int_attribute(PyObject* object, const char* name) {
  PyRef value = attribute(object, name);
  long long result = PyLong_AsLongLong(value.get());
  if (result == -1 && PyErr_Occurred()) throw PythonErrorAlreadySet{};
  return result;
}

std::string bytes_value(PyObject* bytes, const char* what) {
  if (!PyBytes_Check(bytes)) throw Error(std::string(what) + " is not bytes");
  char* data = nullptr;
  Py_ssize_t size = 0;
  if (PyBytes_AsStringAndSize(bytes, &data, &size) < 0) throw PythonErrorAlreadySet{};
  return std::string(data, static_cast<std::size_t>(size));
}

// UTF-8 with lone surrogates passed through, the same bytes marshal writes.
std::string str_value(PyObject* text, const char* what) {
  if (!PyUnicode_Check(text)) throw Error(std::string(what) + " is not a str");
#ifdef DEPYF_HAVE_AS_UTF8_AND_SIZE
  // No bytes object in between: the str's own UTF-8 (ASCII text is read in
  // place). It refuses lone surrogates, which the encoder below passes.
  Py_ssize_t size = 0;
  if (const char* utf8 = PyUnicode_AsUTF8AndSize(text, &size)) return std::string(utf8, static_cast<std::size_t>(size));
  PyErr_Clear();
#endif
  PyRef encoded = checked(PyUnicode_AsEncodedString(text, "utf-8", "surrogatepass"));
  return bytes_value(encoded.get(), what);
}

std::string bytes_attribute(PyObject* object, const char* name) {
  return bytes_value(attribute(object, name).get(), name);
}

std::string str_attribute(PyObject* object, const char* name) { return str_value(attribute(object, name).get(), name); }

std::vector<std::string> str_tuple_attribute(PyObject* object, const char* name) {
  PyRef tuple = attribute(object, name);
  if (!PyTuple_Check(tuple.get())) throw Error(std::string(name) + " is not a tuple");
  std::vector<std::string> result;
  const Py_ssize_t size = PyTuple_Size(tuple.get());
  for (Py_ssize_t i = 0; i < size; ++i) result.push_back(str_value(PyTuple_GetItem(tuple.get(), i), name));
  return result;
}

std::string safe_repr(PyObject* object) {
  PyRef repr = PyRef::steal(PyObject_Repr(object));
  if (repr) {
    PyRef encoded = PyRef::steal(PyUnicode_AsEncodedString(repr.get(), "utf-8", "surrogatepass"));
    if (encoded) return bytes_value(encoded.get(), "repr");
  }
  // A repr that raises must not make the whole code object unreadable.
  PyErr_Clear();
  PyRef type_name = PyRef::steal(PyObject_GetAttrString(reinterpret_cast<PyObject*>(Py_TYPE(object)), "__qualname__"));
  std::string name = "object";
  if (type_name && PyUnicode_Check(type_name.get())) {
    PyRef encoded = PyRef::steal(PyUnicode_AsEncodedString(type_name.get(), "utf-8", "replace"));
    if (encoded) name = bytes_value(encoded.get(), "type name");
  }
  PyErr_Clear();
  return "<unrepresentable " + name + " object>";
}

ConstantPtr adapt_constant(PyObject* value, int top_index, int depth);

std::vector<ConstantPtr> adapt_items(PyObject* iterable, int top_index, int depth) {
  std::vector<ConstantPtr> items;
  PyRef iterator = checked(PyObject_GetIter(iterable));
  while (PyObject* raw = PyIter_Next(iterator.get())) {
    PyRef item = PyRef::steal(raw);
    items.push_back(adapt_constant(item.get(), top_index, depth + 1));
  }
  if (PyErr_Occurred()) throw PythonErrorAlreadySet{};
  return items;
}

ConstantPtr adapt_int(PyObject* value, int top_index) {
  PyRef text = PyRef::steal(PyObject_Str(value));
  if (!text) {
    // Python 3.11+ refuses str() of ints over sys.get_int_max_str_digits().
    PyErr_Clear();
    return Constant::make_opaque(top_index, "<int too large to convert to decimal>");
  }
  return Constant::make_int(str_value(text.get(), "int"));
}

ConstantPtr adapt_constant(PyObject* value, int top_index, int depth) {
  if (depth > kMaxConstantDepth) throw Error("constants nested too deeply");
  PyTypeObject* type = Py_TYPE(value);
  // Exact type checks: subclasses (torch.Size is a tuple subclass, enum
  // members subclass int) have no literal form, so they stay opaque.
  if (value == Py_None) return Constant::make_none();
  if (value == Py_Ellipsis) return Constant::make_ellipsis();
  if (type == &PyBool_Type) return Constant::make_bool(value == Py_True);
  if (type == &PyLong_Type) return adapt_int(value, top_index);
  if (type == &PyFloat_Type) {
    double real = PyFloat_AsDouble(value);
    if (real == -1.0 && PyErr_Occurred()) throw PythonErrorAlreadySet{};
    return Constant::make_float(real);
  }
  if (type == &PyComplex_Type) return Constant::make_complex(PyComplex_RealAsDouble(value), PyComplex_ImagAsDouble(value));
  if (type == &PyBytes_Type) return Constant::make_bytes(bytes_value(value, "bytes constant"));
  if (type == &PyUnicode_Type) return Constant::make_str(str_value(value, "str constant"));
  if (type == &PyTuple_Type) return Constant::make_sequence(Constant::Kind::Tuple, adapt_items(value, top_index, depth));
  if (type == &PyFrozenSet_Type)
    return Constant::make_sequence(Constant::Kind::FrozenSet, adapt_items(value, top_index, depth));
  if (type == &PySlice_Type) {
    std::vector<ConstantPtr> parts;
    for (const char* name : {"start", "stop", "step"}) {
      PyRef part = attribute(value, name);
      parts.push_back(adapt_constant(part.get(), top_index, depth + 1));
    }
    return Constant::make_sequence(Constant::Kind::Slice, std::move(parts));
  }
  if (is_code_object(value)) return Constant::make_code(adapt_live_code(value), depth == 0 ? top_index : -1);
  return Constant::make_opaque(top_index, safe_repr(value));
}

// co_localspluskinds is not exposed to Python. marshal writes it, and
// marshal only chokes on constants, so a copy without constants gives the
// exact kinds (hidden comprehension slots in 3.12, arg bits later).
bool read_exact_localsplus_kinds(PyObject* code, CodeObject& result) {
  PyRef marshal = PyRef::steal(PyImport_ImportModule("marshal"));
  PyRef replace = marshal ? PyRef::steal(PyObject_GetAttrString(code, "replace")) : PyRef();
  PyRef kwargs = replace ? PyRef::steal(Py_BuildValue("{s:()}", "co_consts")) : PyRef();
  PyRef empty_args = kwargs ? PyRef::steal(PyTuple_New(0)) : PyRef();
  PyRef stripped = empty_args ? PyRef::steal(PyObject_Call(replace.get(), empty_args.get(), kwargs.get())) : PyRef();
  PyRef dumped = stripped ? PyRef::steal(PyObject_CallMethod(marshal.get(), "dumps", "O", stripped.get())) : PyRef();
  if (!dumped || !PyBytes_Check(dumped.get())) {
    PyErr_Clear();
    return false;
  }
  try {
    CodePtr copy = read_marshal_code(bytes_value(dumped.get(), "marshal data"), result.version);
    if (copy->localsplus_names != result.localsplus_names) return false;
    result.localsplus_kinds = copy->localsplus_kinds;
    return true;
  } catch (const Error&) {
    return false;
  }
}

// The kinds the <= 3.10 views give are exact up to 3.13 except for the
// "hidden" bit of 3.12+ inlined-comprehension variables, and those exist only
// where the code clears them with LOAD_FAST_AND_CLEAR. Skipping the marshal
// round trip elsewhere saves about a third of the cost of reading live code.
bool needs_exact_localsplus_kinds(const CodeObject& c) {
  if (c.version.minor < 12) return false;
  const int load_fast_and_clear = opcode_table(c.version).opcode("LOAD_FAST_AND_CLEAR");
  if (load_fast_and_clear < 0) return true;
  // 3.12+ code units are two bytes, opcode first; caches are zeroed units.
  for (std::size_t offset = 0; offset + 1 < c.code.size(); offset += 2) {
    if (static_cast<std::uint8_t>(c.code[offset]) == load_fast_and_clear) return true;
  }
  return false;
}

// 3.14 added argument bits to co_localspluskinds (CO_FAST_ARG_POS, _KW,
// _VAR); the <= 3.10 views above lack them. The arguments lead co_varnames:
// positional (positional-only first), keyword-only, then *args, **kwargs.
void add_argument_kinds(CodeObject& c) {
  if (c.version.minor < 14) return;
  std::size_t slot = 0;
  auto mark = [&c, &slot](int bits) {
    if (slot < c.localsplus_kinds.size()) c.localsplus_kinds[slot++] |= static_cast<std::uint8_t>(bits);
  };
  for (int i = 0; i < c.argcount; ++i) {
    mark(i < c.posonlyargcount ? kLocalArgPositional : kLocalArgPositional | kLocalArgKeyword);
  }
  for (int i = 0; i < c.kwonlyargcount; ++i) mark(kLocalArgKeyword);
  constexpr std::uint32_t kVarargs = 0x04, kVarKeywords = 0x08;  // CO_VARARGS, CO_VARKEYWORDS
  if (c.flags & kVarargs) mark(kLocalArgVar | kLocalArgPositional);
  if (c.flags & kVarKeywords) mark(kLocalArgVar | kLocalArgKeyword);
}

}  // namespace

bool init_live_code_adapter() {
  PyRef types = PyRef::steal(PyImport_ImportModule("types"));
  if (!types) return false;
  g_code_type = PyObject_GetAttrString(types.get(), "CodeType");
  if (!g_code_type) return false;
  PyObject* version_info = PySys_GetObject("version_info");  // borrowed
  if (!version_info) {
    PyErr_SetString(PyExc_RuntimeError, "sys.version_info is missing");
    return false;
  }
  PyRef major = PyRef::steal(PySequence_GetItem(version_info, 0));
  PyRef minor = PyRef::steal(PySequence_GetItem(version_info, 1));
  if (!major || !minor) return false;
  g_version = PythonVersion{static_cast<int>(PyLong_AsLong(major.get())), static_cast<int>(PyLong_AsLong(minor.get()))};
  return !PyErr_Occurred();
}

bool is_code_object(PyObject* object) {
  return g_code_type != nullptr && reinterpret_cast<PyObject*>(Py_TYPE(object)) == g_code_type;
}

PythonVersion running_python_version() { return g_version; }

CodePtr adapt_live_code(PyObject* code) {
  if (!is_code_object(code)) throw Error("expected a code object");
  if (!is_supported(g_version)) {
    throw Error("the running Python " + g_version.to_string() + " is not supported (supported: 3.8 to 3.15)");
  }
  auto result = std::make_shared<CodeObject>();
  CodeObject& c = *result;
  c.version = g_version;
  c.argcount = static_cast<int>(int_attribute(code, "co_argcount"));
  c.posonlyargcount = static_cast<int>(int_attribute(code, "co_posonlyargcount"));
  c.kwonlyargcount = static_cast<int>(int_attribute(code, "co_kwonlyargcount"));
  c.nlocals = static_cast<int>(int_attribute(code, "co_nlocals"));
  c.stacksize = static_cast<int>(int_attribute(code, "co_stacksize"));
  c.flags = static_cast<std::uint32_t>(int_attribute(code, "co_flags"));
  c.firstlineno = static_cast<int>(int_attribute(code, "co_firstlineno"));
  // co_code is the unspecialised bytecode with caches zeroed, as dis reads it.
  c.code = bytes_attribute(code, "co_code");
  c.names = str_tuple_attribute(code, "co_names");
  c.varnames = str_tuple_attribute(code, "co_varnames");
  c.cellvars = str_tuple_attribute(code, "co_cellvars");
  c.freevars = str_tuple_attribute(code, "co_freevars");
  c.filename = str_attribute(code, "co_filename");
  c.name = str_attribute(code, "co_name");
  if (g_version.minor >= 11) {
    c.qualname = str_attribute(code, "co_qualname");
    c.exceptiontable = bytes_attribute(code, "co_exceptiontable");
  } else {
    c.qualname = c.name;
    c.qualname_is_synthesised = true;
  }
  c.linetable = bytes_attribute(code, g_version.minor >= 10 ? "co_linetable" : "co_lnotab");

  PyRef consts = attribute(code, "co_consts");
  if (!PyTuple_Check(consts.get())) throw Error("co_consts is not a tuple");
  const Py_ssize_t count = PyTuple_Size(consts.get());
  for (Py_ssize_t i = 0; i < count; ++i) {
    c.consts.push_back(adapt_constant(PyTuple_GetItem(consts.get(), i), static_cast<int>(i), 0));
  }

  // Build localsplus the <= 3.10 way (the same slot order 3.11+ uses), then
  // refine the kinds from the real table where the version has one.
  const int nlocals = c.nlocals;
  const auto version = c.version;
  c.version = PythonVersion{3, 10};
  c.complete_variable_views();
  c.version = version;
  if (needs_exact_localsplus_kinds(c)) {
    read_exact_localsplus_kinds(code, c);
    c.complete_variable_views();
    c.nlocals = nlocals;
  }
  add_argument_kinds(c);  // idempotent where the marshal copy gave them already
  return result;
}

}  // namespace depyf::bindings
