export { BEST_ANSWERS_SHOWN, type BestAnswer, listBestAnswers } from "./best-answers.server";
export {
  type Contributions,
  countContributions,
  getPublicProfile,
  listMembers,
  type MemberCard,
  MEMBERS_PAGE_SIZE,
  type PublicProfile,
} from "./members.server";
export { avatarTexts, deleteOwnAccount, exportMemberData, removeAvatar, setAvatar, updateOwnProfile } from "./profile.server";
