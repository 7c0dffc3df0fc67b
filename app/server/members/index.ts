export {
  type Contributions,
  countContributions,
  getPublicProfile,
  listMembers,
  MEMBERS_PAGE_SIZE,
  type PublicProfile,
} from "./members.server";
export { avatarTexts, deleteOwnAccount, exportMemberData, removeAvatar, setAvatar, updateOwnProfile } from "./profile.server";
