// The Copy buttons' number format, the text of a failed write, and how long a message stays.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>

#include "test_support.hpp"
#include "viewer/copy_text.hpp"
#include "viewer/file_error.hpp"
#include "viewer/message_expiry.hpp"

namespace bvhscope::viewer {
namespace {

TEST(CopyText, FourDecimalsCommaSpaceAndNoNegativeZero) {
  EXPECT_EQ(copy_number(0.28634), "0.2863");
  EXPECT_EQ(copy_number(-0.00001), "0.0000");
  EXPECT_EQ(copy_number(-0.0), "0.0000");
  EXPECT_EQ(copy_number(-0.00006), "-0.0001");
  EXPECT_EQ(copy_number(-1234.5), "-1234.5000");
  EXPECT_EQ(copy_number(std::numeric_limits<double>::quiet_NaN()), "nan");
  EXPECT_EQ(copy_number(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(copy_numbers({0.9963, -0.0695, -0.00001, 1.0}), "0.9963, -0.0695, 0.0000, 1.0000");
  EXPECT_EQ(copy_numbers({}), "");
}

TEST(WriteFailure, AMissingFolderIsNamedAsTheReason) {
  const test::TempDir dir;
  const std::string missing = (dir.path() / "x" / "y").string();
  EXPECT_EQ(write_failure(missing + "/positions.csv", "cannot create a file in " + missing + ": whatever"),
            "cannot write " + missing + "/positions.csv: No such file or directory (the folder " + missing +
                " does not exist)");
  const std::string present = (dir.path() / "out.csv").string();
  EXPECT_EQ(write_failure(present, "No space left on device"), "cannot write " + present + ": No space left on device");
  EXPECT_EQ(write_failure(present, ""), "cannot write " + present);
}

TEST(MessageExpiry, InformationGoesAfterItsTimeAndAnErrorStays) {
  EXPECT_DOUBLE_EQ(info_message_seconds(""), 4.0);
  EXPECT_DOUBLE_EQ(info_message_seconds(std::string(40, 'x')), 6.0);
  EXPECT_DOUBLE_EQ(info_message_seconds(std::string(1000, 'x')), 12.0);

  MessageExpiry expiry;
  const std::optional<Message> info = Message{Message::Kind::Info, std::string(40, 'i')};
  EXPECT_FALSE(expiry.expired(info, 100.0));
  EXPECT_FALSE(expiry.expired(info, 105.9));
  EXPECT_DOUBLE_EQ(expiry.age(105.5), 5.5);
  EXPECT_TRUE(expiry.expired(info, 106.0));
  // Another text starts its time again.
  const std::optional<Message> other = Message{Message::Kind::Info, std::string(40, 'j')};
  EXPECT_FALSE(expiry.expired(other, 106.5));
  EXPECT_TRUE(expiry.expired(other, 112.5));
  // An error stays however long it is shown.
  const std::optional<Message> error = Message{Message::Kind::Error, "cannot write x"};
  EXPECT_FALSE(expiry.expired(error, 200.0));
  EXPECT_FALSE(expiry.expired(error, 10000.0));
  EXPECT_DOUBLE_EQ(expiry.age(10000.0), 9800.0);
  // No message: nothing to expire, age 0; the same text shown again later starts afresh.
  EXPECT_FALSE(expiry.expired(std::nullopt, 10001.0));
  EXPECT_DOUBLE_EQ(expiry.age(10002.0), 0.0);
  EXPECT_FALSE(expiry.expired(info, 20000.0));
  EXPECT_TRUE(expiry.expired(info, 20006.0));
}

}  // namespace
}  // namespace bvhscope::viewer
