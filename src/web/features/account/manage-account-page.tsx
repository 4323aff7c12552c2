import { useState } from "react";
import { SubPage } from "../../components/sub-page";
import { Tabs } from "../../components/tabs";
import { ChangeEmailForm } from "./change-email-form";
import { DeleteAccountPanel } from "./delete-account-panel";

type Tab = "email" | "delete";

export default function ManageAccountPage() {
  const [tab, setTab] = useState<Tab>("email");
  return (
    <SubPage title="Manage Account" backTo="/settings" backLabel="Back to settings">
      <Tabs
        label="Manage account"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { key: "email", label: "Change Email", panel: <ChangeEmailForm /> },
          { key: "delete", label: "Delete Account", panel: <DeleteAccountPanel /> },
        ]}
      />
    </SubPage>
  );
}
