// MDM's results.npy (np.save of a dict holding the motions, prompts and lengths): pickles written
// here opcode by opcode the way Python's pickle writes np.save's object arrays, in protocols 2
// (bytes through _codecs.encode), 3 (np.save's own) and 4 (frames, STACK_GLOBAL, MEMOIZE), read back
// as one motion per sample with its prompt and length; and the refusals: other globals, other
// opcodes, cut files, dicts without motions, cycles, other protocols.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "anim/diagnostic.hpp"
#include "formats/npy_format.hpp"
#include "formats/pickle_reader.hpp"
#include "npy_writer.hpp"

namespace bvhscope {
namespace {

// Pickle opcodes as Python's pickle module writes them for np.save's object arrays.
class PickleBytes {
 public:
  explicit PickleBytes(int protocol) : protocol_(protocol) {
    op(0x80);
    out_ += static_cast<char>(protocol);
    if (protocol >= 4) {  // one FRAME for all (its length is not checked by readers of whole files)
      op(0x95);
      out_ += std::string(8, '\0');
    }
  }
  PickleBytes& op(unsigned char code) {
    out_ += static_cast<char>(code);
    return *this;
  }
  PickleBytes& le32(std::uint32_t value) {
    for (int i = 0; i < 4; ++i) out_ += static_cast<char>((value >> (8 * i)) & 0xff);
    return *this;
  }
  PickleBytes& text(const std::string& value) {
    if (protocol_ >= 4 && value.size() < 256) {
      op(0x8c);
      out_ += static_cast<char>(value.size());
    } else {
      op('X').le32(static_cast<std::uint32_t>(value.size()));
    }
    out_ += value;
    return put();
  }
  PickleBytes& global(const std::string& module, const std::string& name) {
    if (protocol_ >= 4) {
      text(module);
      text(name);
      op(0x93);
    } else {
      out_ += "c" + module + "\n" + name + "\n";
    }
    return put();
  }
  PickleBytes& bytes(const std::string& value) {
    if (protocol_ >= 3) {
      if (value.size() < 256) {
        op('C');
        out_ += static_cast<char>(value.size());
      } else {
        op('B').le32(static_cast<std::uint32_t>(value.size()));
      }
      out_ += value;
      return put();
    }
    // Protocol 2: _codecs.encode(the bytes as latin1 characters in UTF-8, 'latin1').
    global("_codecs", "encode");
    std::string utf8;
    for (const char c : value) {
      const auto u = static_cast<unsigned char>(c);
      if (u < 0x80) {
        utf8 += c;
      } else {
        utf8 += static_cast<char>(0xc0 | (u >> 6));
        utf8 += static_cast<char>(0x80 | (u & 0x3f));
      }
    }
    text(utf8);
    text("latin1");
    op(0x86).put();
    return op('R').put();
  }
  PickleBytes& integer(std::int32_t value) {
    if (value >= 0 && value < 256) {
      op('K');
      out_ += static_cast<char>(value);
      return *this;
    }
    return op('J').le32(static_cast<std::uint32_t>(value));
  }
  PickleBytes& put() {
    if (protocol_ >= 4) return op(0x94);
    op('q');
    out_ += static_cast<char>(memo_++ & 0xff);
    return *this;
  }
  // dtype('f4', False, True) with its state (3, '<', None, None, None, -1, -1, flags).
  PickleBytes& dtype(const std::string& name, const std::string& order, int flags) {
    global("numpy", "dtype");
    text(name);
    op(0x89).op(0x88).op(0x87).put().op('R').put();
    op('(').integer(3);
    text(order);
    op('N').op('N').op('N').integer(-1).integer(-1).integer(flags).op('t').put();
    return op('b');
  }
  // _reconstruct(ndarray, (0,), b'b'), to be filled by BUILD.
  PickleBytes& empty_array() {
    global("numpy.core.multiarray", "_reconstruct");
    global("numpy", "ndarray");
    integer(0).op(0x85).put();
    bytes("b");
    return op(0x87).put().op('R').put();
  }
  // A numeric ndarray: its state (1, shape, dtype, False, data) built.
  PickleBytes& array(const std::string& type, const std::vector<int>& shape, const std::string& data) {
    empty_array();
    op('(').integer(1).op('(');
    for (const int d : shape) integer(d);
    op('t').put();
    dtype(type, "<", 0);
    op(0x89);
    bytes(data);
    return op('t').put().op('b');
  }
  std::string done() { return out_ + "."; }

 private:
  int protocol_;
  int memo_ = 0;
  std::string out_;
};

std::string floats(const std::vector<float>& values) {
  std::string out;
  for (const float v : values) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(v);
    for (int i = 0; i < 4; ++i) out += static_cast<char>((bits >> (8 * i)) & 0xff);
  }
  return out;
}

std::string int64s(const std::vector<std::int64_t>& values) {
  std::string out;
  for (const std::int64_t v : values)
    for (int i = 0; i < 8; ++i) out += static_cast<char>((static_cast<std::uint64_t>(v) >> (8 * i)) & 0xff);
  return out;
}

// The .npy header of a 0-d object array: what np.save writes before the pickle of a dict.
std::string object_header() { return test::npy_bytes({"|O", false, {}}, {}); }

// Motion m, joint j, coordinate c, frame f of the results: m + f/10 + j/100 + c/1000, laid out as
// MDM's (motions, joints, 3, frames).
std::vector<float> mdm_values(int motions, int frames) {
  std::vector<float> values;
  for (int m = 0; m < motions; ++m)
    for (int j = 0; j < 22; ++j)
      for (int c = 0; c < 3; ++c)
        for (int f = 0; f < frames; ++f) values.push_back(static_cast<float>(m + f / 10.0 + j / 100.0 + c / 1000.0));
  return values;
}

// np.save(path, {'motion': ..., 'text': [...], 'lengths': ..., 'num_samples': 2, 'num_repetitions': 1});
// `padding`: what motion 1 holds past its length of 3 frames (its own values by default).
std::string mdm_results(int protocol, int frames = 5, std::optional<float> padding = std::nullopt) {
  std::vector<float> values = mdm_values(2, frames);
  if (padding) {
    for (std::size_t at = 22 * 3 * static_cast<std::size_t>(frames); at < values.size(); ++at)
      if (static_cast<int>(at % static_cast<std::size_t>(frames)) >= 3) values[at] = *padding;
  }
  PickleBytes p(protocol);
  p.empty_array();
  p.op('(').integer(1).op(')');
  p.dtype("O8", "|", 63);
  p.op(0x89);
  p.op(']').put().op('(');
  p.op('}').put().op('(');
  p.text("motion");
  p.array("f4", {2, 22, 3, frames}, floats(values));
  p.text("text");
  p.op(']').put().op('(');
  p.text("a person walks forward");
  p.text("a person jumps");
  p.op('e');
  p.text("lengths");
  p.array("i8", {2}, int64s({frames, 3}));
  p.text("num_samples");
  p.integer(2);
  p.text("num_repetitions");
  p.integer(1);
  p.op('u');  // SETITEMS
  p.op('e');  // APPENDS: the dict into the object array's data list
  p.op('t').op('b');
  return object_header() + p.done();
}

std::string results_error(const Result<MotionFile>& file) {
  return file ? std::string("(read)") : format_diagnostic(file.error(), Severity::Error);
}

int named_joint(const Clip& clip, const std::string& name) {
  for (int j = 0; j < clip.skeleton.joint_count(); ++j)
    if (clip.skeleton.names[static_cast<std::size_t>(j)] == name) return j;
  return -1;
}

TEST(MdmResults, EachSampleIsAMotionNamedByItsPromptAndCutToItsLength) {
  for (const int protocol : {2, 3, 4}) {
    SCOPED_TRACE("protocol " + std::to_string(protocol));
    const Result<MotionFile> file = read_npy_bytes(mdm_results(protocol), "results.npy", {});
    ASSERT_TRUE(file.ok()) << results_error(file);
    EXPECT_EQ(file.value().format, "MDM results (NumPy pickle)");
    ASSERT_EQ(file.value().motions.size(), 2u);
    const Clip& walk = file.value().motions[0];
    const Clip& jump = file.value().motions[1];
    EXPECT_EQ(walk.name, "a person walks forward");
    EXPECT_EQ(jump.name, "a person jumps");
    EXPECT_EQ(walk.motion.frame_count, 5u);
    EXPECT_EQ(jump.motion.frame_count, 3u);                  // its length, not the array's 5 frames
    EXPECT_NEAR(jump.motion.frame_time, 1.0 / 20.0, 1e-12);  // 22 joints: HumanML3D's rate
    // spine1 (the array's joint 3) of motion 1 at frame 2: 1 + 0.2 + 0.03 (+ c/1000).
    const int spine1 = named_joint(jump, "spine1");
    ASSERT_GE(spine1, 0);
    const std::span<const float> row = jump.motion.joint_positions(2);
    EXPECT_FLOAT_EQ(row[static_cast<std::size_t>(spine1) * 3 + 0], static_cast<float>(1 + 0.2 + 0.03));
    EXPECT_FLOAT_EQ(row[static_cast<std::size_t>(spine1) * 3 + 1], static_cast<float>(1 + 0.2 + 0.03 + 0.001));
    EXPECT_FLOAT_EQ(row[static_cast<std::size_t>(spine1) * 3 + 2], static_cast<float>(1 + 0.2 + 0.03 + 0.002));
    EXPECT_EQ(jump.motion.positions.size(), 3u * 22 * 3);
  }
}

TEST(MdmResults, ThePaddingPastAMotionsLengthIsNeverRead) {
  // Generators pad shorter samples with anything, NaN and inf included: only the frames within each
  // sample's length are read.
  for (const float padding : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
    const Result<MotionFile> file = read_npy_bytes(mdm_results(3, 5, padding), "results.npy", {});
    ASSERT_TRUE(file.ok()) << results_error(file);
    ASSERT_EQ(file.value().motions.size(), 2u);
    const Clip& jump = file.value().motions[1];
    EXPECT_EQ(jump.motion.frame_count, 3u);
    ASSERT_EQ(jump.motion.positions.size(), 3u * 22 * 3);
    for (const float value : jump.motion.positions) ASSERT_TRUE(std::isfinite(value));
  }
}

TEST(MdmResults, NothingButNumPysReconstructionIsCalled) {
  const std::string header = object_header();
  const int pickle_column = static_cast<int>(header.size()) + 1;
  PickleBytes evil(3);
  evil.global("os", "system");
  evil.text("touch /tmp/pwned");
  evil.op(0x85).op('R');
  EXPECT_EQ(results_error(read_npy_bytes(header + evil.done(), "results.npy", {})),
            "results.npy:1:" + std::to_string(pickle_column + 2) +
                ": error: the pickle names os.system; only the NumPy arrays, lists, strings and numbers np.save writes "
                "are read (nothing in a pickle is run)");
  PickleBytes builtins(4);
  builtins.global("builtins", "eval");
  EXPECT_NE(results_error(read_npy_bytes(header + builtins.done(), "results.npy", {})).find("names builtins.eval"),
            std::string::npos);
  // INST (protocol 0's way of making an object): refused as an opcode, located.
  const std::string inst = header + std::string("\x80\x03", 2) + "iposix\nsystem\n.";
  EXPECT_EQ(results_error(read_npy_bytes(inst, "results.npy", {})),
            "results.npy:1:" + std::to_string(pickle_column + 2) +
                ": error: pickle opcode 0x69 ('i') is not one np.save writes for arrays, lists, strings and numbers; "
                "the pickle is refused (nothing in it is run)");
}

TEST(MdmResults, CutAndMalformedPicklesAreLocatedRefusals) {
  const std::string whole = mdm_results(3);
  const std::size_t motion_data = whole.find(floats(mdm_values(2, 5)));
  ASSERT_NE(motion_data, std::string::npos);
  const std::string cut = whole.substr(0, motion_data + 100);  // inside the motion's bytes
  const std::string cut_error = results_error(read_npy_bytes(cut, "results.npy", {}));
  EXPECT_EQ(cut_error, "results.npy:1:" + std::to_string(motion_data - 5 + 1) +
                           ": error: a string of 2640 bytes, but the file ends after 100");
  EXPECT_EQ(results_error(read_npy_bytes(object_header() + std::string("\x80\x01.", 3), "r.npy", {})),
            "r.npy:1:129: error: pickle protocol 1 is not read (2 to 5 are)");
  EXPECT_EQ(results_error(read_npy_bytes(object_header() + std::string("\x80\x03", 2), "r.npy", {})),
            "r.npy:1:131: error: the pickle ends before its STOP opcode");
  EXPECT_EQ(results_error(read_npy_bytes(object_header() + std::string("\x80\x03t.", 4), "r.npy", {})),
            "r.npy:1:131: error: the opcode needs a MARK the pickle did not set");
}

TEST(MdmResults, OtherObjectsAreNotResults) {
  PickleBytes list(3);
  list.op(']').put();
  EXPECT_EQ(results_error(read_npy_bytes(object_header() + list.done(), "r.npy", {})),
            "r.npy:1:129: error: the pickled object is a list of 0, not a dict of results such as MDM's results.npy "
            "('motion', 'text', 'lengths')");
  // A list holding itself (through the memo): read without looping or leaking, then refused.
  PickleBytes cycle(3);
  cycle.op(']').put().op('h').op(0).op('a');
  EXPECT_EQ(results_error(read_npy_bytes(object_header() + cycle.done(), "r.npy", {})),
            "r.npy:1:129: error: the pickled object is a list of 1, not a dict of results such as MDM's results.npy "
            "('motion', 'text', 'lengths')");
  PickleBytes no_motion(3);
  no_motion.op('}').put().op('(');
  no_motion.text("text");
  no_motion.op(']').put();
  no_motion.text("lengths");
  no_motion.integer(4);
  no_motion.op('u');
  EXPECT_EQ(results_error(read_npy_bytes(object_header() + no_motion.done(), "r.npy", {})),
            "r.npy:1:131: error: the pickled dict has no 'motion' array of joint positions (its keys: 'text', "
            "'lengths')");
  PickleBytes integers(3);
  integers.op('}').put();
  integers.text("motion");
  integers.array("i8", {1, 22, 3, 1}, int64s(std::vector<std::int64_t>(66, 1)));
  integers.op('s');
  const std::string integer_error = results_error(read_npy_bytes(object_header() + integers.done(), "r.npy", {}));
  EXPECT_NE(integer_error.find("error: 'motion' holds 'i8' values; floats ('f4', 'f8', 'f2') are expected"),
            std::string::npos)
      << integer_error;
}

TEST(PickleReader, ReadsNumbersStringsAndContainersAsPythonWroteThem) {
  PickleBytes p(4);
  p.op('(');
  p.integer(-5);
  p.op(0x8a).op(2).op(0x00).op(0x80);  // LONG1 of 2 bytes: -32768
  p.op('G');
  for (const int b : {0x3f, 0xf8, 0, 0, 0, 0, 0, 0}) p.op(static_cast<unsigned char>(b));  // 1.5, big-endian
  p.text("caf\xc3\xa9");
  p.op('N').op(0x88);
  p.op('t');
  const std::string bytes = p.done();
  const Result<Pickle> read = read_pickle(bytes, 0, "p");
  ASSERT_TRUE(read.ok()) << read.error().message;
  const Pickle& pickle = read.value();
  const PickleValue& tuple = pickle[pickle.top];
  ASSERT_EQ(tuple.kind, PickleValue::Kind::Tuple);
  ASSERT_EQ(tuple.items.size(), 6u);
  EXPECT_EQ(pickle[tuple.items[0]].integer, -5);
  EXPECT_EQ(pickle[tuple.items[1]].integer, -32768);
  EXPECT_EQ(pickle[tuple.items[2]].number, 1.5);
  EXPECT_EQ(pickle[tuple.items[3]].text, "caf\xc3\xa9");
  EXPECT_EQ(pickle[tuple.items[4]].kind, PickleValue::Kind::None);
  EXPECT_EQ(pickle[tuple.items[5]].kind, PickleValue::Kind::Bool);
  EXPECT_EQ(pickle[tuple.items[5]].integer, 1);
  EXPECT_EQ(pickle.end, bytes.size());
}

}  // namespace
}  // namespace bvhscope
