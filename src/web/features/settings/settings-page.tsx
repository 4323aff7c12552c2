import { useId, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import {
  ChevronRight,
  ExternalLink,
  FileText,
  Info,
  KeyRound,
  LogOut,
  Mail,
  Moon,
  Shield,
  Sun,
  UserCog,
  UserRound,
} from "lucide-react";
import { APP_VERSION } from "../../../shared/constants";
import { displayName } from "../../../shared/user";
import { Avatar } from "../../components/avatar";
import { Switch } from "../../components/switch";
import { useDarkMode } from "../../lib/theme";
import { useMarketingLink } from "../../lib/public-config";
import { useSession, useSignOut } from "../../lib/auth/session";
import { NotificationSetting } from "./notification-setting";
import { EarningsEmailsSwitch } from "./earnings-emails-switch";
import { SongStatusEmailsSwitch } from "./song-status-emails-switch";
import { UnreadEmailsSwitch } from "./unread-emails-switch";
import { AvailabilitySetting } from "./availability-setting";
import { ActiveSessions } from "./active-sessions";

const rowClass =
  "flex w-full items-center gap-3 px-4 py-3.5 text-left hover:bg-slate-50 dark:hover:bg-slate-800";

function Section({ title, children }: { title: string; children: ReactNode }) {
  // An id of its own: a title with spaces made aria-labelledby name several ids, none real.
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2
        id={headingId}
        className="px-1 text-sm font-semibold text-slate-600 uppercase dark:text-slate-300"
      >
        {title}
      </h2>
      <div className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
        {children}
      </div>
    </section>
  );
}

export default function SettingsPage() {
  const { data: user } = useSession();
  if (!user) return null;
  const name = displayName(user);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Settings</h1>

      <section
        aria-label="Profile"
        className="flex items-center gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      >
        <Avatar src={user.profilePicture} name={name} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">{name}</p>
          <p className="truncate text-sm text-slate-600 dark:text-slate-300">{user.email}</p>
        </div>
      </section>

      {user.admin && (
        <Section title="Availability">
          <AvailabilitySetting />
        </Section>
      )}

      <Section title="Preferences">
        <DarkModeRow />
        <UnreadEmailsSwitch />
        <SongStatusEmailsSwitch />
        <EarningsEmailsSwitch />
        <NotificationSetting />
        <Link to="/artist-account" className={rowClass}>
          <UserRound aria-hidden="true" className="size-5" />
          <span className="flex-1">Artist Account</span>
          <ChevronRight aria-hidden="true" className="size-5 text-slate-500 dark:text-slate-400" />
        </Link>
      </Section>

      <HelpAndLegal />

      <AccountAndSecurity />

      <ActiveSessions />

      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        Version {APP_VERSION}
      </p>
    </div>
  );
}

function DarkModeRow() {
  const [dark, setDark] = useDarkMode();
  return (
    <div className="flex items-center gap-3 px-4 py-3.5">
      {dark ? (
        <Moon aria-hidden="true" className="size-5" />
      ) : (
        <Sun aria-hidden="true" className="size-5" />
      )}
      <span id="dark-mode-label" className="flex-1">
        Dark mode
      </span>
      <Switch on={dark} labelledBy="dark-mode-label" onToggle={() => setDark(!dark)} />
    </div>
  );
}

const legalPages = [
  { page: "contact", label: "Contact us", icon: Mail },
  { page: "about", label: "About", icon: Info },
  { page: "privacy", label: "Privacy Policy", icon: Shield },
  { page: "terms", label: "Terms of Service", icon: FileText },
] as const;

function HelpAndLegal() {
  const link = useMarketingLink();
  return (
    <Section title="Help & Legal">
      {legalPages.map((item) => (
        <a
          key={item.page}
          href={link(item.page)}
          target="_blank"
          rel="noopener noreferrer"
          className={rowClass}
        >
          <item.icon aria-hidden="true" className="size-5" />
          <span className="flex-1">
            {item.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </span>
          <ExternalLink aria-hidden="true" className="size-4 text-slate-500 dark:text-slate-400" />
        </a>
      ))}
    </Section>
  );
}

function AccountAndSecurity() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <Section title="Account & Security">
      <Link to="/manage-account" className={rowClass}>
        <UserCog aria-hidden="true" className="size-5" />
        <span className="flex-1">Manage Account</span>
        <ChevronRight aria-hidden="true" className="size-5 text-slate-500 dark:text-slate-400" />
      </Link>
      <Link to="/change-password" className={rowClass}>
        <KeyRound aria-hidden="true" className="size-5" />
        <span className="flex-1">Change Password</span>
        <ChevronRight aria-hidden="true" className="size-5 text-slate-500 dark:text-slate-400" />
      </Link>
      <button
        type="button"
        className={`${rowClass} text-red-700 dark:text-red-300`}
        disabled={signOut.isPending}
        onClick={() =>
          signOut.mutate(undefined, {
            onSettled: () => void navigate("/login", { replace: true }),
          })
        }
      >
        <LogOut aria-hidden="true" className="size-5" />
        <span className="flex-1">Log out</span>
      </button>
    </Section>
  );
}
