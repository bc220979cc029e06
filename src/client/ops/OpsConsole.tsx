import { Route, Switch } from 'wouter';
import { NotFoundScreen } from '../ui/NotFoundScreen';
import { AuditScreen } from './AuditScreen';
import { CampusScreen } from './CampusScreen';
import { DashboardScreen } from './DashboardScreen';
import { OpsLayout } from './OpsLayout';
import { OpsLoginScreen } from './OpsLoginScreen';
import { OperatorsScreen } from './OperatorsScreen';
import { PartiesScreen } from './PartiesScreen';
import { PartyCreateScreen } from './PartyCreateScreen';
import { PartyEditScreen } from './PartyEditScreen';
import { PartyScreen } from './PartyScreen';
import { PlacesScreen } from './PlacesScreen';
import { PrivacyPolicyScreen } from './PrivacyPolicyScreen';
import { ReportsScreen } from './ReportsScreen';
import { UserPointsScreen } from './UserPointsScreen';
import { UsersScreen } from './UsersScreen';
import { VerificationsScreen } from './VerificationsScreen';
import { useOpsSession } from './ops-session';
import './ops.css';

/**
 * /ops: the operators' console, its own chunk (routes.tsx loads it lazily, so no student ever downloads it) with
 * its own sign-in and layout. Routes here are relative to /ops (wouter's nested router).
 */
export default function OpsConsole() {
  const session = useOpsSession();
  if (!session) return <OpsLoginScreen />;
  return (
    <OpsLayout session={session}>
      <Switch>
        <Route path="/" component={DashboardScreen} />
        <Route path="/verifications" component={VerificationsScreen} />
        <Route path="/parties" component={PartiesScreen} />
        <Route path="/parties/new" component={PartyCreateScreen} />
        <Route path="/parties/:partyId" component={PartyScreen} />
        <Route path="/parties/:partyId/edit" component={PartyEditScreen} />
        <Route path="/places" component={PlacesScreen} />
        <Route path="/campus" component={CampusScreen} />
        <Route path="/reports" component={ReportsScreen} />
        <Route path="/users" component={UsersScreen} />
        <Route path="/users/:userId" component={UserPointsScreen} />
        <Route path="/audit" component={AuditScreen} />
        <Route path="/privacy" component={PrivacyPolicyScreen} />
        <Route path="/operators" component={OperatorsScreen} />
        <Route component={NotFoundScreen} />
      </Switch>
    </OpsLayout>
  );
}
